import autocannon from 'autocannon';

export type Throughput = {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
};

export type Load = {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** A fixed body for every request. */
  body?: string;
  /** Builds each request's body (a fresh idempotency key, a fresh signature). */
  nextBody?: () => { body: string; headers?: Record<string, string> };
  /** Builds each request's path and query (a search the server has not seen yet). */
  nextPath?: () => string;
  connections?: number;
};

// Not counted: both sides' code compiled and connections open, as a server runs once warm.
const WARM_UP_SECONDS = 2;

/** Sends the load for a while and forgets the figures, before a measurement of the same load. */
export const warmUp = async (url: string, load: Load): Promise<void> => {
  await measureLoad(url, load, WARM_UP_SECONDS);
};

/** As fast as it answers: 40 connections for `seconds`, as a Fastify benchmark would run it. */
export const measureThroughput = async (
  url: string,
  headers: Record<string, string>,
  seconds: number,
): Promise<Throughput> => measureLoad(url, { headers }, seconds);

const percentile = (sorted: Float64Array, share: number): number =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0);

/**
 * Percentiles come from each response's own time (autocannon's histogram keeps whole
 * milliseconds, too coarse for goals of 2 and 5 ms), from sending the request to its answer.
 */
export const measureLoad = (url: string, load: Load, seconds: number): Promise<Throughput> => {
  const { nextBody, nextPath } = load;
  const times: number[] = [];
  return new Promise((done, fail) => {
    const instance = autocannon(
      {
        url,
        method: load.method ?? 'GET',
        headers: load.headers ?? {},
        ...(load.body ? { body: load.body } : {}),
        connections: load.connections ?? 40,
        duration: seconds,
        ...(nextBody || nextPath
          ? {
              requests: [
                {
                  setupRequest: (request: autocannon.Request) => {
                    const next = nextBody?.();
                    return {
                      ...request,
                      ...(nextPath ? { path: nextPath() } : {}),
                      ...(next
                        ? { body: next.body, headers: { ...request.headers, ...next.headers } }
                        : {}),
                    };
                  },
                },
              ],
            }
          : {}),
      },
      (error, result) => {
        if (error) {
          fail(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        const sorted = Float64Array.from(times).sort();
        done({
          requestsPerSecond: result.requests.average,
          p50Ms: percentile(sorted, 0.5),
          p99Ms: percentile(sorted, 0.99),
          errors: result.errors + result.non2xx,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime: number) => {
      times.push(responseTime);
    });
  });
};
