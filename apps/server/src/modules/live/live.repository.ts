import type { Db } from '../../db/client.ts';

/**
 * Read-only SQL over other modules' tables, for public figures only: vendor rounds (the
 * vendor-wallet module writes them) and sessions (the auth module's). Nothing here writes.
 */

export type WinningRoundRow = {
  username: string;
  vendor_code: string;
  game_code: string;
  credit_minor: string;
  closed_at: Date;
};

/**
 * The merchant's latest real wins: settled real-money rounds that paid more than they kept of
 * the stake (debits less rollbacks), newest first. Trials' play money never shows.
 */
export const findWinningRounds = (db: Db, merchantId: number, limit: number) =>
  db.query<WinningRoundRow>(
    `SELECT m.username, r.vendor_code, r.game_code, r.credit_minor, r.closed_at
     FROM vendor_rounds r JOIN members m ON m.id = r.member_id
     WHERE r.merchant_id = $1 AND r.status = 'settled' AND NOT r.play_money
       AND r.credit_minor > r.debit_minor - r.rollback_minor
     ORDER BY r.closed_at DESC, r.id DESC
     LIMIT $2`,
    [merchantId, limit],
  );

/**
 * What the merchant's settled real-money rounds have paid in all, in minor units: the running
 * total the settling transactions keep (migration 020), not a scan of the rounds.
 */
export const sumWinnings = async (db: Db, merchantId: number): Promise<string> =>
  (
    await db.one<{ total: string }>(
      `SELECT COALESCE(sum(paid_minor), 0)::text AS total FROM winnings_totals
       WHERE merchant_id = $1`,
      [merchantId],
    )
  ).total;
