import { Agent, request } from 'node:http';
import type { Load, Throughput } from './throughput.ts';

// How long answers may trail the last request before the missing ones count as errors.
const DRAIN_MS = 10_000;

const percentile = (sorted: Float64Array, share: number): number =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0);

/**
 * A fixed offered load: `rate` requests a second, evenly spaced, each sent when its time comes
 * whether or not earlier ones were answered (an open loop, so a slow answer cannot hold the
 * next request back and hide its own delay). autocannon's rate option sends each second's
 * quota back to back at the start of the second, which measures bursts, not a steady rate.
 * Latency runs from sending a request to the end of its answer.
 */
export const measureAtRate = (
  url: string,
  load: Load,
  rate: number,
  seconds: number,
): Promise<Throughput> => {
  const agent = new Agent({ keepAlive: true, maxSockets: 512 });
  const total = Math.max(1, Math.round(rate * seconds));
  const intervalMs = 1000 / rate;
  const times: number[] = [];
  let sent = 0;
  let settled = 0;
  let errors = 0;
  return new Promise((done) => {
    const finish = () => {
      agent.destroy();
      const sorted = Float64Array.from(times).sort();
      done({
        requestsPerSecond: times.length / seconds,
        p50Ms: percentile(sorted, 0.5),
        p99Ms: percentile(sorted, 0.99),
        errors: errors + (total - settled),
      });
    };
    const settle = (ok: boolean, sentAt: number) => {
      if (ok) times.push(performance.now() - sentAt);
      else errors += 1;
      settled += 1;
      if (settled === total) {
        clearTimeout(deadline);
        finish();
      }
    };
    const fire = () => {
      const next = load.nextBody?.();
      const body = next?.body ?? load.body;
      const sentAt = performance.now();
      const outgoing = request(
        url,
        { method: load.method ?? 'GET', headers: { ...load.headers, ...next?.headers }, agent },
        (response) => {
          response.resume();
          response.once('end', () => settle((response.statusCode ?? 0) < 300, sentAt));
          response.once('error', () => settle(false, sentAt));
        },
      );
      outgoing.once('error', () => settle(false, sentAt));
      outgoing.end(body);
    };
    const started = performance.now();
    const tick = () => {
      const due = Math.min(total, Math.floor((performance.now() - started) / intervalMs) + 1);
      while (sent < due) {
        sent += 1;
        fire();
      }
      if (sent < total)
        setTimeout(tick, Math.max(0, started + sent * intervalMs - performance.now()));
    };
    const deadline = setTimeout(finish, seconds * 1000 + DRAIN_MS);
    tick();
  });
};
