import type { Currency } from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { ttlCachePerDatabase } from '../../shared/ttl-cache.ts';
import { CACHE_TTL_MS } from './access-cache.ts';
import { getMerchantBrand } from './system.service.ts';

// A merchant's currency is read by every balance and every vendor call, and no API changes it,
// so a node keeps it as long as the merchant resolution it comes with (CACHE_TTL_MS), per
// database so that test apps on fresh databases never share it.
const cacheOf = ttlCachePerDatabase<number, Currency>({ ttlMs: CACHE_TTL_MS, maxEntries: 10_000 });

const loadCurrency = async (db: Db, merchantId: number): Promise<Currency> => {
  const brand = await getMerchantBrand(db, merchantId);
  return {
    currency: brand.currency,
    currencySymbol: brand.currencySymbol,
    currencyDecimals: brand.currencyDecimals,
  };
};

/** The merchant's currency, at most CACHE_TTL_MS old. */
export const readMerchantCurrency = (db: Db, merchantId: number): Promise<Currency> => {
  const cache = cacheOf(db);
  // A transaction never waits for a load in flight outside it: on PGlite that load is queued
  // behind the transaction itself. It takes a loaded value or reads on its own connection.
  if (db.inTransaction) {
    const loaded = cache.peek(merchantId);
    return loaded ? Promise.resolve(loaded.value) : loadCurrency(db, merchantId);
  }
  return cache.get(merchantId, () => loadCurrency(db, merchantId));
};

/** The merchant's currency when this node has a fresh copy, without waiting; else undefined. */
export const keptMerchantCurrency = (db: Db, merchantId: number): Currency | undefined =>
  cacheOf(db).peek(merchantId)?.value;
