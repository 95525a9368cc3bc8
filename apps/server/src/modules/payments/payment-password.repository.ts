import type { Db } from '../../db/client.ts';

/** Wrong-attempt state of one member's payment password. */
export type PasswordGuard = { failures: number; locks: number; lockedUntil: Date | null };

/**
 * The member's guard row, created when missing, locked for the rest of the transaction: two
 * parallel guesses are counted one after the other, so none slips past the lock.
 */
export const lockPasswordGuard = async (
  db: Db,
  merchantId: number,
  memberId: number,
): Promise<PasswordGuard> => {
  await db.query(
    `INSERT INTO payment_password_guards (member_id, merchant_id) VALUES ($1, $2)
     ON CONFLICT (member_id) DO NOTHING`,
    [memberId, merchantId],
  );
  const row = await db.one<{ failures: number; locks: number; locked_until: Date | null }>(
    `SELECT failures, locks, locked_until FROM payment_password_guards
     WHERE member_id = $1 AND merchant_id = $2 FOR UPDATE`,
    [memberId, merchantId],
  );
  return { failures: row.failures, locks: row.locks, lockedUntil: row.locked_until };
};

export const findPasswordGuard = async (
  db: Db,
  merchantId: number,
  memberId: number,
): Promise<PasswordGuard | null> => {
  const row = await db.maybeOne<{ failures: number; locks: number; locked_until: Date | null }>(
    `SELECT failures, locks, locked_until FROM payment_password_guards
     WHERE member_id = $1 AND merchant_id = $2`,
    [memberId, merchantId],
  );
  return row && { failures: row.failures, locks: row.locks, lockedUntil: row.locked_until };
};

export const savePasswordGuard = (db: Db, memberId: number, guard: PasswordGuard) =>
  db.query(
    `UPDATE payment_password_guards SET failures = $2, locks = $3, locked_until = $4
     WHERE member_id = $1`,
    [memberId, guard.failures, guard.locks, guard.lockedUntil],
  );
