import { describe, expect, it } from 'vitest';
import { startScheduler, type Job } from './scheduler.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the scheduler', () => {
  it('ticks every interval, never two ticks of a job at once, and not after stop', async () => {
    let ticks = 0;
    let running = 0;
    let overlapped = false;
    const job: Job = {
      name: 'counting',
      intervalMs: 5,
      tick: async () => {
        running += 1;
        overlapped ||= running > 1;
        ticks += 1;
        await sleep(15);
        running -= 1;
      },
    };
    const scheduler = startScheduler(
      [job],
      () => undefined,
      () => 0,
    );
    await sleep(150);
    await scheduler.stop();
    const stoppedAt = ticks;
    expect(stoppedAt).toBeGreaterThanOrEqual(3);
    expect(overlapped).toBe(false);
    await sleep(50);
    expect(ticks).toBe(stoppedAt);
  });

  it('reports a failing tick and keeps ticking', async () => {
    const failures: string[] = [];
    let ticks = 0;
    const job: Job = {
      name: 'failing',
      intervalMs: 5,
      tick: () => {
        ticks += 1;
        return Promise.reject(new Error(`tick ${ticks}`));
      },
    };
    const scheduler = startScheduler(
      [job],
      (failed, error) => failures.push(`${failed.name}: ${(error as Error).message}`),
      () => 0,
    );
    await sleep(60);
    await scheduler.stop();
    expect(ticks).toBeGreaterThanOrEqual(2);
    expect(failures.slice(0, 2)).toEqual(['failing: tick 1', 'failing: tick 2']);
  });
});
