import type { Db } from '../../db/client.ts';

/** An attempt's keys: the account (merchant and lower-cased username) and the client address. */
export type AttemptKey = { merchantId: number; usernameKey: string; ip: string };

export type FailureRow = {
  username_key: string;
  ip: string;
  failures: number;
  previous_at: Date | null;
};

// Expired rows each success deletes: the table stays about the size of the current window.
const PRUNE_BATCH = 100;

/**
 * Counts one attempt on the account, on the account from the address and from the address, in
 * one statement: each row's count and the time of the attempt before this one. A count whose
 * window lapsed starts again at 1. Every caller upserts the three rows in the same order
 * (account, account from the address, address), so two statements never wait on each other.
 */
export const countAttempt = (
  db: Db,
  key: AttemptKey,
  attempt: { at: Date; expiresAt: Date },
): Promise<FailureRow[]> =>
  db.query<FailureRow>(
    `INSERT INTO login_failures AS f
       (merchant_id, username_key, ip, failures, last_at, previous_at, expires_at)
     SELECT $1, k.username_key, k.ip, 1, $4, NULL, $5
     FROM (VALUES (1, $2::text, ''), (2, $2, $3::text), (3, '', $3)) AS k (n, username_key, ip)
     ORDER BY k.n
     ON CONFLICT (merchant_id, username_key, ip) DO UPDATE SET
       failures = CASE WHEN f.expires_at <= EXCLUDED.last_at THEN 1 ELSE f.failures + 1 END,
       previous_at = CASE WHEN f.expires_at <= EXCLUDED.last_at THEN NULL ELSE f.last_at END,
       last_at = EXCLUDED.last_at,
       expires_at = EXCLUDED.expires_at
     RETURNING username_key, ip, failures, previous_at`,
    [key.merchantId, key.usernameKey, key.ip, attempt.at, attempt.expiresAt],
  );

// The rows of a key, locked in the order `countAttempt` writes them (account, account from an
// address, address): every statement takes the account's row first and the address's row last,
// so two of them never wait on each other in a circle.
const LOCK_IN_ORDER = `ORDER BY (ip <> '')::int + (username_key = '')::int, ip FOR UPDATE`;

/** Takes back an attempt counted by `countAttempt` (one statement, never below zero). */
export const uncountAttempt = (db: Db, key: AttemptKey) =>
  db.query(
    `WITH locked AS (
       SELECT username_key, ip FROM login_failures
       WHERE merchant_id = $1 AND (username_key, ip) IN (($2::text, ''), ($2, $3::text), ('', $3))
       ${LOCK_IN_ORDER}
     )
     UPDATE login_failures f SET failures = f.failures - 1
     FROM locked
     WHERE f.merchant_id = $1 AND f.username_key = locked.username_key AND f.ip = locked.ip
       AND f.failures > 0`,
    [key.merchantId, key.usernameKey, key.ip],
  );

/** A right password: the account's rows go, from every address, and the address's count gives back this attempt. */
export const clearAccount = (db: Db, key: AttemptKey) =>
  db.query(
    `WITH locked AS (
       SELECT username_key, ip FROM login_failures
       WHERE merchant_id = $1 AND (username_key = $2 OR (username_key = '' AND ip = $3))
       ${LOCK_IN_ORDER}
     ), address AS (
       UPDATE login_failures f SET failures = f.failures - 1
       FROM locked
       WHERE f.merchant_id = $1 AND f.username_key = '' AND f.ip = $3
         AND locked.username_key = '' AND locked.ip = $3 AND f.failures > 0
     )
     DELETE FROM login_failures f
     USING locked
     WHERE f.merchant_id = $1 AND f.username_key = $2
       AND f.username_key = locked.username_key AND f.ip = locked.ip`,
    [key.merchantId, key.usernameKey, key.ip],
  );

/** Deletes a bounded batch of rows whose window lapsed, skipping any a sign-in holds. */
export const deleteExpired = (db: Db, now: Date) =>
  db.query(
    `DELETE FROM login_failures WHERE ctid = ANY (ARRAY(
       SELECT ctid FROM login_failures WHERE expires_at < $1
       LIMIT ${PRUNE_BATCH} FOR UPDATE SKIP LOCKED))`,
    [now],
  );
