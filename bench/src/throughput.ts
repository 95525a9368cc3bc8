import autocannon from 'autocannon';

export type Throughput = { requestsPerSecond: number; p99Ms: number; errors: number };

/** A fixed load: 40 connections for `seconds`, as a Fastify benchmark would run it. */
export const measureThroughput = async (
  url: string,
  headers: Record<string, string>,
  seconds: number,
): Promise<Throughput> => {
  const result = await autocannon({ url, headers, connections: 40, duration: seconds });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
};
