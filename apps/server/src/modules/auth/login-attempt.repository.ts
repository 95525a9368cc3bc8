import type { Db } from '../../db/client.ts';

// Counting stops here: beyond it every delay is at its maximum anyway, and a flood of rows
// from an attacker costs one bounded index scan.
const COUNT_CAP = 1000;

export const insertAttempt = (
  db: Db,
  attempt: { merchantId: number; usernameKey: string; ip: string; at: Date; succeeded: boolean },
) =>
  db.query(
    `INSERT INTO login_attempts (merchant_id, username_key, ip, at, succeeded)
     VALUES ($1, $2, $3, $4, $5)`,
    [attempt.merchantId, attempt.usernameKey, attempt.ip, attempt.at, attempt.succeeded],
  );

export type FailureCount = { failures: number; last_failure_at: Date | null };

/**
 * Failures on one username since `since` and since its last success: in all, and from `ip`.
 */
export const countAccountFailures = (
  db: Db,
  merchantId: number,
  usernameKey: string,
  ip: string,
  since: Date,
) =>
  db.one<FailureCount & { failures_from_ip: number }>(
    `WITH recent AS (
       SELECT id, ip, at, succeeded FROM login_attempts
       WHERE merchant_id = $1 AND username_key = $2 AND at >= $3
       ORDER BY id DESC LIMIT ${COUNT_CAP}
     ), last_success AS (
       SELECT max(id) AS id FROM recent WHERE succeeded
     )
     SELECT count(*)::int AS failures, max(at) AS last_failure_at,
       count(*) FILTER (WHERE ip = $4)::int AS failures_from_ip
     FROM recent
     WHERE NOT succeeded AND id > COALESCE((SELECT id FROM last_success), 0)`,
    [merchantId, usernameKey, since, ip],
  );

/** Failures from one address on any username since `since`. */
export const countIpFailures = (db: Db, merchantId: number, ip: string, since: Date) =>
  db.one<FailureCount>(
    `SELECT count(*)::int AS failures, max(at) AS last_failure_at FROM (
       SELECT at FROM login_attempts
       WHERE merchant_id = $1 AND ip = $2 AND at >= $3 AND NOT succeeded
       ORDER BY at DESC LIMIT ${COUNT_CAP}
     ) recent`,
    [merchantId, ip, since],
  );
