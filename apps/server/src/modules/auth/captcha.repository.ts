import type { Db } from '../../db/client.ts';

export const insertCaptcha = (
  db: Db,
  captcha: {
    id: string;
    merchantId: number;
    answerHash: string;
    ip: string;
    now: Date;
    expiresAt: Date;
  },
) =>
  db.query(
    `INSERT INTO captchas (id, merchant_id, answer_hash, ip, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      captcha.id,
      captcha.merchantId,
      captcha.answerHash,
      captcha.ip,
      captcha.now,
      captcha.expiresAt,
    ],
  );

/** Marks the captcha used and returns what it was, or null if unknown or already used. */
export const useCaptcha = (db: Db, merchantId: number, id: string, now: Date) =>
  db.maybeOne<{ answer_hash: string; expires_at: Date }>(
    `UPDATE captchas SET used_at = $3 WHERE id = $1 AND merchant_id = $2 AND used_at IS NULL
     RETURNING answer_hash, expires_at`,
    [id, merchantId, now],
  );

export const deleteExpiredCaptchas = (db: Db, before: Date) =>
  db.query('DELETE FROM captchas WHERE expires_at < $1', [before]);
