import type { Db } from '../../db/client.ts';
import { cachePerDatabase } from '../../shared/cache.ts';
import { findMemberAccounts } from './ledger.repository.ts';
import type { LedgerAccount } from './ledger.types.ts';

/**
 * Each member's accounts as last committed, per database, for reads that show a balance (the
 * header asks on every page). The ledger drops a member's entry after every commit that moved
 * or opened one of the member's accounts, so on this node a balance read after a movement is
 * never older than it. Another node's movements show within 2 s, the same bound as the
 * merchant settings cache (architecture.md, Money). Decisions inside a transaction never read
 * this: they read under row locks.
 */
const cacheOf = cachePerDatabase<string, LedgerAccount[]>({ max: 200_000, staleMs: 2_000 });

const keyOf = (merchantId: number, memberId: number) => `${merchantId}:${memberId}`;

/** A member's accounts for display: from memory when this node has a fresh copy. */
export const readMemberAccounts = (
  db: Db,
  merchantId: number,
  memberId: number,
): Promise<LedgerAccount[]> =>
  cacheOf(db).get(keyOf(merchantId, memberId), () => findMemberAccounts(db, merchantId, memberId));

/** Drops the members' cached accounts once `tx` commits (at once outside a transaction). */
export const forgetMemberAccountsAfterCommit = (
  tx: Db,
  members: Iterable<{ merchantId: number; memberId: number | null }>,
): void => {
  const keys = new Set<string>();
  for (const { merchantId, memberId } of members)
    if (memberId !== null) keys.add(keyOf(merchantId, memberId));
  if (keys.size === 0) return;
  const cache = cacheOf(tx);
  tx.afterCommit(() => {
    for (const key of keys) cache.delete(key);
  });
};
