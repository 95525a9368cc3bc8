import type { Jackpot } from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { cachePerDatabase } from '../../shared/cache.ts';
import { sumHouseAccount } from '../ledger/index.ts';
import { getMerchantBrand } from '../system/index.ts';

// Every home page asks; the pool moves with every house bet. A second's staleness is invisible
// to a counter that animates between readings, and keeps a crowd of visitors to one query per
// second per merchant on each node.
const JACKPOT_TTL_MS = 1_000;
const jackpotsOf = cachePerDatabase<number, Jackpot>({ max: 10_000, staleMs: JACKPOT_TTL_MS });

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
 * house vendor's real-money bets feed and its jackpot wins empty (vendor-wallet.service.ts).
 */
export const getJackpot = (db: Db, merchantId: number, now: Date): Promise<Jackpot> =>
  jackpotsOf(db).get(merchantId, () => readJackpot(db, merchantId, now));
