import type { MerchantAccessSettings } from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { createCache } from '../../shared/cache.ts';
import { getAccessSettings } from './system.service.ts';

/**
 * How long a node serves merchant resolution and access settings from memory: a change made on
 * another node shows here within this time; one made through this node's ops API shows at once
 * (the ops service invalidates after its transaction commits). Status is read on every page
 * load, so without the cache each load would wait for the database.
 */
export const CACHE_TTL_MS = 2_000;

// Keys are merchant ids that resolution produced, so the bound is only a backstop.
const MAX_ENTRIES = 10_000;

export type AccessSettingsCache = {
  /** The merchant's maintenance and region settings, at most CACHE_TTL_MS old. */
  get: (merchantId: number) => Promise<MerchantAccessSettings>;
  /** Forgets the merchant's settings: call it after a change has committed. */
  invalidate: (merchantId: number) => void;
};

export const createAccessSettingsCache = (db: Db): AccessSettingsCache => {
  const cache = createCache<number, MerchantAccessSettings>({
    max: MAX_ENTRIES,
    staleMs: CACHE_TTL_MS,
  });
  return {
    get: (merchantId) => cache.get(merchantId, () => getAccessSettings(db, merchantId)),
    invalidate: (merchantId) => cache.delete(merchantId),
  };
};
