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
export const measureLoad = async (url: string, load: Load, seconds: number): Promise<Throughput> =>
  summaryOf([await runLoad(url, load, seconds)]);

/** One run's answers: its rate, every response's time and its failures. */
type Run = { requestsPerSecond: number; times: number[]; errors: number };

/** Runs of equal length as one: their mean rate, percentiles over all their answers. */
const summaryOf = (runs: Run[]): Throughput => {
  const sorted = Float64Array.from(runs.flatMap((run) => run.times)).sort();
  return {
    requestsPerSecond: runs.reduce((sum, run) => sum + run.requestsPerSecond, 0) / runs.length,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
  };
};

// Slices of an interleaved comparison: enough that a stall of the shared machine lands on both.
const SLICES = 4;

/**
 * Ours and its peer measured in turns (ours, peer, peer, ours, ...), `seconds` each in all: on a
 * shared machine whose speed drifts by tens of percent within a minute, back-to-back runs
 * compare two moments as much as two servers; turns give both the same moments.
 */
export const measureInTurns = async (
  ours: { url: string; load: Load },
  peer: { url: string; load: Load },
  seconds: number,
): Promise<{ ours: Throughput; peer: Throughput }> => {
  const slice = Math.max(1, Math.round(seconds / SLICES));
  const runs: { ours: Run[]; peer: Run[] } = { ours: [], peer: [] };
  for (let turn = 0; turn < SLICES; turn += 1) {
    const order = turn % 2 === 0 ? (['ours', 'peer'] as const) : (['peer', 'ours'] as const);
    for (const side of order) {
      const { url, load } = side === 'ours' ? ours : peer;
      runs[side].push(await runLoad(url, load, slice));
    }
  }
  return { ours: summaryOf(runs.ours), peer: summaryOf(runs.peer) };
};

const runLoad = (url: string, load: Load, seconds: number): Promise<Run> => {
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
        done({
          requestsPerSecond: result.requests.average,
          times,
          errors: result.errors + result.non2xx,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime: number) => {
      times.push(responseTime);
    });
  });
};
