import type { Currency } from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { cachePerDatabase } from '../../shared/cache.ts';
import { CACHE_TTL_MS } from './access-cache.ts';
import { getMerchantBrand } from './system.service.ts';

// A merchant's currency is read by every balance and every vendor call, and no API changes it,
// so a node keeps it as long as the merchant resolution it comes with (CACHE_TTL_MS), per
// database so that test apps on fresh databases never share it.
const cacheOf = cachePerDatabase<number, Currency>({ max: 10_000, staleMs: CACHE_TTL_MS });

const loadCurrency = async (db: Db, merchantId: number): Promise<Currency> => {
  const brand = await getMerchantBrand(db, merchantId);
  return {
    currency: brand.currency,
    currencySymbol: brand.currencySymbol,
    currencyDecimals: brand.currencyDecimals,
  };
};

/** The merchant's currency, at most CACHE_TTL_MS old. */
export const readMerchantCurrency = (db: Db, merchantId: number): Promise<Currency> =>
  // A transaction never waits for a load in flight outside it: on PGlite that load is queued
  // behind the transaction itself. It reads on its own connection.
  db.inTransaction
    ? loadCurrency(db, merchantId)
    : cacheOf(db).get(merchantId, () => loadCurrency(db, merchantId));
