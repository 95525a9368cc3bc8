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

/**
 * The summed cached balances of everyone below an agent (the hierarchy's closure rows at depth
 * 1 and more), in one join: a team report reads no member list.
 */
export const sumTeamBalances = async (
  db: Db,
  merchantId: number,
  agentId: number,
  kinds: readonly MemberWallet['kind'][],
): Promise<bigint> => {
  const row = await db.one<{ total: string }>(
    `SELECT coalesce(sum(a.balance_minor), 0)::text AS total
     FROM agent_hierarchy h
     JOIN ledger_accounts a ON a.merchant_id = h.merchant_id AND a.member_id = h.descendant_id
     WHERE h.merchant_id = $1 AND h.ancestor_id = $2 AND h.depth > 0 AND a.kind = ANY ($3::text[])`,
    [merchantId, agentId, kinds],
  );
  return BigInt(row.total);
};

/** Each member's summed cached balances of the given kinds (0 for a member without accounts). */
export const findMemberBalances = async (
  db: Db,
  merchantId: number,
  memberIds: readonly number[],
  kinds: readonly MemberWallet['kind'][],
): Promise<Map<number, bigint>> => {
  const balances = new Map(memberIds.map((id) => [id, 0n]));
  if (memberIds.length === 0) return balances;
  const rows = await db.query<{ member_id: string; total: string }>(
    `SELECT member_id, sum(balance_minor)::text AS total FROM ledger_accounts
     WHERE merchant_id = $1 AND member_id = ANY ($2::bigint[]) AND kind = ANY ($3::text[])
     GROUP BY member_id`,
    [merchantId, memberIds.map(String), kinds],
  );
  for (const row of rows) balances.set(Number(row.member_id), BigInt(row.total));
  return balances;
};
