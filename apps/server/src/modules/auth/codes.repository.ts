import type { Db } from '../../db/client.ts';

export type CodePurpose = 'login' | 'register' | 'resetPassword' | 'secondFactor';
export type CodeChannel = 'sms' | 'email';

export type CodeRow = {
  id: string;
  code_hash: string;
  attempts: number;
  expires_at: Date;
};

export type SendKey = { merchantId: number; channel: CodeChannel; destination: string; ip: string };

/**
 * Serialises sends to one destination and from one client for the rest of the transaction, so
 * two parallel requests cannot both pass the throttle. Always destination first, then client,
 * so two transactions never wait on each other in a circle.
 */
export const lockSendKeys = async (tx: Db, key: SendKey): Promise<void> => {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
    `code-send:${key.merchantId}:${key.channel}:${key.destination}`,
  ]);
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
    `code-send-ip:${key.merchantId}:${key.ip}`,
  ]);
};

export type SendHistory = {
  lastToDestination: Date | null;
  lastFromIp: Date | null;
  toDestinationSince: number;
  fromIpSince: number;
};

/** The latest sends to the destination and from the client, and how many since `since`. */
export const getSendHistory = (tx: Db, key: SendKey, since: Date) =>
  tx.one<SendHistory>(
    `SELECT
       (SELECT max(sent_at) FROM code_send_log
         WHERE merchant_id = $1 AND channel = $2 AND destination = $3) AS "lastToDestination",
       (SELECT max(sent_at) FROM code_send_log
         WHERE merchant_id = $1 AND ip = $4) AS "lastFromIp",
       (SELECT count(*)::int FROM code_send_log
         WHERE merchant_id = $1 AND channel = $2 AND destination = $3 AND sent_at > $5)
         AS "toDestinationSince",
       (SELECT count(*)::int FROM code_send_log
         WHERE merchant_id = $1 AND ip = $4 AND sent_at > $5) AS "fromIpSince"`,
    [key.merchantId, key.channel, key.destination, key.ip, since],
  );

export const insertSendLog = (tx: Db, key: SendKey, at: Date) =>
  tx.query(
    `INSERT INTO code_send_log (merchant_id, channel, destination, ip, sent_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [key.merchantId, key.channel, key.destination, key.ip, at],
  );

/** A new code replaces the live ones for the same purpose and destination. */
export const retireLiveCodes = (
  tx: Db,
  merchantId: number,
  purpose: CodePurpose,
  destination: string,
  at: Date,
) =>
  tx.query(
    `UPDATE verification_codes SET consumed_at = $4
     WHERE merchant_id = $1 AND purpose = $2 AND destination = $3 AND consumed_at IS NULL`,
    [merchantId, purpose, destination, at],
  );

export const insertCode = (
  tx: Db,
  row: {
    merchantId: number;
    purpose: CodePurpose;
    channel: CodeChannel;
    destination: string;
    codeHash: string;
    createdAt: Date;
    expiresAt: Date;
  },
) =>
  tx.one<{ id: string }>(
    `INSERT INTO verification_codes
       (merchant_id, purpose, channel, destination, code_hash, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [
      row.merchantId,
      row.purpose,
      row.channel,
      row.destination,
      row.codeHash,
      row.createdAt,
      row.expiresAt,
    ],
  );

/** The live code for the purpose and destination, locked until the transaction ends. */
export const findLiveCodeForUpdate = (
  tx: Db,
  merchantId: number,
  purpose: CodePurpose,
  destination: string,
) =>
  tx.maybeOne<CodeRow>(
    `SELECT id, code_hash, attempts, expires_at FROM verification_codes
     WHERE merchant_id = $1 AND purpose = $2 AND destination = $3 AND consumed_at IS NULL
     ORDER BY id DESC LIMIT 1 FOR UPDATE`,
    [merchantId, purpose, destination],
  );

/** One more wrong try; the code dies (consumed) when it has had its last. */
export const recordWrongAttempt = (tx: Db, id: string, at: Date, last: boolean) =>
  tx.query(
    `UPDATE verification_codes SET attempts = attempts + 1,
       consumed_at = CASE WHEN $3 THEN $2::timestamptz ELSE NULL END
     WHERE id = $1`,
    [id, at, last],
  );

export const consumeCode = (tx: Db, id: string, at: Date) =>
  tx.query('UPDATE verification_codes SET consumed_at = $2 WHERE id = $1', [id, at]);
