import { requestHeaders } from './request-headers';

/**
 * The entry starts the boot requests (status first, then brand, permission and menus) while the
 * app chunk is still downloading; the api client takes each response once instead of asking
 * again. Unclaimed responses expire so a late caller never reads stale data.
 */
const PREFETCH_TTL_MS = 30_000;

type Pending = { response: Promise<Response>; startedAt: number };
const pending = new Map<string, Pending>();

export const prefetch = (path: string): void => {
  const response = fetch(path, { headers: requestHeaders(), credentials: 'same-origin' });
  // A failed prefetch is retried by the real call; keep the rejection from being unhandled.
  response.catch(() => undefined);
  pending.set(path, { response, startedAt: Date.now() });
};

export const prefetchBootRequests = (): void => {
  for (const path of __BOOT_REQUESTS__) prefetch(path);
};

export const takePrefetched = (url: string): Promise<Response> | undefined => {
  const entry = pending.get(url);
  if (!entry) return undefined;
  pending.delete(url);
  return Date.now() - entry.startedAt < PREFETCH_TTL_MS ? entry.response : undefined;
};
