import type { Db } from '../../db/client.ts';
import type { Clock } from '../../shared/clock.ts';
import { findMerchantByCode, findMerchantByDomain, type MerchantRef } from './system.repository.ts';

export type MerchantResolver = (host: string) => Promise<MerchantRef | null>;

// Domains change rarely and a stale answer lasts seconds; the bound keeps a flood of made-up
// Host headers from growing the cache without limit.
const TTL_MS = 10_000;
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
  options: { fallbackCode: string | undefined; clock: Clock },
): MerchantResolver => {
  const cache = new Map<string, { merchant: MerchantRef | null; expiresAt: number }>();
  const lookup = async (domain: string): Promise<MerchantRef | null> => {
    const byDomain = domain ? await findMerchantByDomain(db, domain) : null;
    if (byDomain || !options.fallbackCode) return byDomain;
    return findMerchantByCode(db, options.fallbackCode);
  };
  return async (host) => {
    const domain = normalizeHost(host);
    const now = options.clock().getTime();
    const hit = cache.get(domain);
    if (hit && hit.expiresAt > now) return hit.merchant;
    const merchant = await lookup(domain);
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(domain, { merchant, expiresAt: now + TTL_MS });
    return merchant;
  };
};
