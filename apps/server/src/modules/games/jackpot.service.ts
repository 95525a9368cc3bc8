import type { Jackpot } from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { createTtlCache, type TtlCache } from '../../shared/ttl-cache.ts';
import { sumHouseAccount } from '../ledger/index.ts';
import { getMerchantBrand } from '../system/index.ts';

// Every home page asks; the pool moves with every house bet. A second's staleness is invisible
// to a counter that animates between readings, and keeps a crowd of visitors to one query per
// second per merchant on each node.
const JACKPOT_TTL_MS = 1_000;
const caches = new WeakMap<Db, TtlCache<number, Jackpot>>();

const readJackpot = async (db: Db, merchantId: number, now: Date): Promise<Jackpot> => {
  const [brand, amountMinor] = await Promise.all([
    getMerchantBrand(db, merchantId),
    sumHouseAccount(db, merchantId, { kind: 'jackpot' }),
  ]);
  return {
    amountMinor: (amountMinor > 0n ? amountMinor : 0n).toString(),
    currency: brand.currency,
    currencySymbol: brand.currencySymbol,
    currencyDecimals: brand.currencyDecimals,
    readAt: now.toISOString(),
  };
};

/**
 * The merchant's jackpot pool (GET /wps/game/jackpot): the ledger's jackpot account, which the
 * house vendor's real-money bets feed and its jackpot wins empty (vendor-wallet jackpot-pool.ts).
 */
export const getJackpot = (db: Db, merchantId: number, now: Date): Promise<Jackpot> => {
  let cache = caches.get(db);
  if (!cache) {
    cache = createTtlCache({ ttlMs: JACKPOT_TTL_MS, maxEntries: 10_000 });
    caches.set(db, cache);
  }
  return cache.get(merchantId, () => readJackpot(db, merchantId, now));
};
