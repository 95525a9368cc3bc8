import { getOrCreateHouseAccount, moveEntries, postTransfer } from '../../modules/ledger/index.ts';
import type { Db } from '../client.ts';

/** What an operator puts into a new jackpot pool so the first winner wins something: 10,000.00. */
const STARTING_POOL_MINOR = 1_000_000n;

/**
 * Funds each merchant's jackpot pool once, as an operator would: a ledger transfer from the
 * house adjustment account, under a key that makes every later start replay it. From then on
 * only house bets feed the pool and only a jackpot win empties it.
 */
export const seedJackpotPools = async (
  tx: Db,
  merchants: readonly { id: number; code: string }[],
): Promise<number> => {
  for (const merchant of merchants) {
    const from = await getOrCreateHouseAccount(tx, merchant.id, { kind: 'adjustment' });
    const pool = await getOrCreateHouseAccount(tx, merchant.id, { kind: 'jackpot' });
    await postTransfer(tx, {
      merchantId: merchant.id,
      type: 'adjustment',
      idempotencyKey: 'seed:jackpot-pool',
      reference: 'demo data: starting jackpot pool',
      entries: moveEntries(from.id, pool.id, STARTING_POOL_MINOR),
    });
  }
  return merchants.length;
};
