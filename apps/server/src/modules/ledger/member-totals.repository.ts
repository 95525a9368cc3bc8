import type { Db } from '../../db/client.ts';
import type { MemberWallet } from './ledger.types.ts';

/**
 * The summed cached balances of some members' wallets of the given kinds (consolidated funds:
 * a team's money in one read). A member without an account of a kind adds nothing.
 */
export const sumMemberBalances = async (
  db: Db,
  merchantId: number,
  memberIds: readonly number[],
  kinds: readonly MemberWallet['kind'][],
): Promise<bigint> => {
  if (memberIds.length === 0 || kinds.length === 0) return 0n;
  const row = await db.one<{ total: string }>(
    `SELECT coalesce(sum(balance_minor), 0)::text AS total FROM ledger_accounts
     WHERE merchant_id = $1 AND member_id = ANY ($2::bigint[]) AND kind = ANY ($3::text[])`,
    [merchantId, memberIds.map(String), kinds],
  );
  return BigInt(row.total);
};
