import type { Db } from '../../db/client.ts';
import { createCache } from '../../shared/cache.ts';
import { CACHE_TTL_MS } from './access-cache.ts';
import { findMerchantByCode, findMerchantByDomain, type MerchantRef } from './system.repository.ts';

export type MerchantResolver = (host: string) => Promise<MerchantRef | null>;

// Every request resolves its host, so the answer is cached for CACHE_TTL_MS (a domain added on
// any node serves within that time); the bound keeps a flood of made-up Host headers from
// growing the cache without limit.
const MAX_ENTRIES = 1_000;

/** `Lanna.Localhost.:3000` and `[::1]:3000` become `lanna.localhost` and `::1`. */
export const normalizeHost = (host: string): string => {
  const trimmed = host.trim().toLowerCase();
  const withoutPort = trimmed.startsWith('[')
    ? trimmed.slice(1, trimmed.indexOf(']') === -1 ? undefined : trimmed.indexOf(']'))
    : trimmed.replace(/:\d*$/, '');
  return withoutPort.replace(/\.$/, '');
};

/**
 * Finds the merchant serving a host through the domain table. A host not in the table gets the
 * fallback merchant when one is configured (DEV_MERCHANT), else null.
 */
export const createMerchantResolver = (
  db: Db,
  options: { fallbackCode: string | undefined },
): MerchantResolver => {
  const cache = createCache<string, MerchantRef | null>({
    max: MAX_ENTRIES,
    staleMs: CACHE_TTL_MS,
  });
  const lookup = async (domain: string): Promise<MerchantRef | null> => {
    const byDomain = domain ? await findMerchantByDomain(db, domain) : null;
    if (byDomain || !options.fallbackCode) return byDomain;
    return findMerchantByCode(db, options.fallbackCode);
  };
  // Keyed by the Host header as sent, so a hit skips normalising it.
  return (host) => cache.get(host, () => lookup(normalizeHost(host)));
};
