import type { Db } from '../../db/client.ts';

export type TotpRow = {
  member_id: string;
  secret_ciphertext: string;
  enabled_at: Date | null;
  last_time_step: string | null;
};

export const findTotp = (db: Db, memberId: number) =>
  db.maybeOne<TotpRow>(
    'SELECT member_id, secret_ciphertext, enabled_at, last_time_step FROM member_totp WHERE member_id = $1',
    [memberId],
  );

/** A new seed for a member whose app is not enabled yet (a setup replaces an unfinished one). */
export const saveTotpSeed = (
  db: Db,
  row: { memberId: number; merchantId: number; ciphertext: string; at: Date },
) =>
  db.query(
    `INSERT INTO member_totp (member_id, merchant_id, secret_ciphertext, created_at)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (member_id) DO UPDATE SET secret_ciphertext = EXCLUDED.secret_ciphertext,
       created_at = EXCLUDED.created_at, last_time_step = NULL
     WHERE member_totp.enabled_at IS NULL`,
    [row.memberId, row.merchantId, row.ciphertext, row.at],
  );

/**
 * Records the time step a code was accepted at, only if it is later than the last one: the
 * compare-and-set that refuses a replay, even from two requests at once. False when refused.
 */
export const advanceTimeStep = async (
  db: Db,
  memberId: number,
  timeStep: number,
  enableAt: Date | null,
): Promise<boolean> => {
  const rows = await db.query<{ member_id: string }>(
    `UPDATE member_totp SET last_time_step = $2, enabled_at = COALESCE(enabled_at, $3)
     WHERE member_id = $1 AND (last_time_step IS NULL OR last_time_step < $2)
     RETURNING member_id`,
    [memberId, timeStep, enableAt],
  );
  return rows.length === 1;
};
