import type { Db } from '../../db/client.ts';

/**
 * The member's settled real-money rounds closed in [from, to): their valid bet (debits less
 * rollbacks) and their net loss (valid bet less what they paid back; negative for a win).
 */
export const sumMemberRounds = async (
  db: Db,
  target: { merchantId: number; memberId: number },
  from: Date,
  to: Date,
): Promise<{ validBetMinor: bigint; netLossMinor: bigint }> => {
  const row = await db.one<{ valid_bet: string; net_loss: string }>(
    `SELECT coalesce(sum(debit_minor - rollback_minor), 0)::text AS valid_bet,
       coalesce(sum(debit_minor - rollback_minor - credit_minor), 0)::text AS net_loss
     FROM vendor_rounds
     WHERE merchant_id = $1 AND member_id = $2 AND status = 'settled' AND NOT play_money
       AND closed_at >= $3 AND closed_at < $4`,
    [target.merchantId, target.memberId, from, to],
  );
  return { validBetMinor: BigInt(row.valid_bet), netLossMinor: BigInt(row.net_loss) };
};
