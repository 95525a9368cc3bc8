/** Latency tiers (spec section 9): fast at most 80 ms, normal at most 150 ms. */
export const FAST_MAX_MS = 80;
export const NORMAL_MAX_MS = 150;
/** A failed test counts as this many milliseconds (spec section 8). */
export const FAILED_LATENCY_MS = 9999;
const PING_TIMEOUT_MS = 5000;

export type LatencyTier = 'fast' | 'normal' | 'slow' | 'failed';

export const latencyTier = (ms: number): LatencyTier => {
  if (ms >= FAILED_LATENCY_MS) return 'failed';
  if (ms <= FAST_MAX_MS) return 'fast';
  return ms <= NORMAL_MAX_MS ? 'normal' : 'slow';
};

/**
 * A path on one of the merchant's lines, on the scheme and port this page is served on: the
 * lines are the same site under other names, so a site served on :3000 answers there on each.
 */
export const lineUrl = (domainName: string, path: string): string => {
  const { protocol, port } = window.location;
  return `${protocol}//${domainName}${port ? `:${port}` : ''}${path}`;
};

/** One opaque request to the domain's ping path; only the round-trip time is read. */
export const measureLatency = async (domainName: string, pingPath: string): Promise<number> => {
  const started = performance.now();
  try {
    await fetch(lineUrl(domainName, pingPath), {
      mode: 'no-cors',
      cache: 'no-store',
      credentials: 'omit',
      signal: AbortSignal.timeout(PING_TIMEOUT_MS),
    });
    return Math.round(performance.now() - started);
  } catch {
    return FAILED_LATENCY_MS;
  }
};
