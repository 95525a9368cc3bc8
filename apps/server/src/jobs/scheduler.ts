import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';

/**
 * Scheduled jobs of the server (../shared/design/architecture.md, Data: scheduled jobs take a
 * PostgreSQL advisory lock so exactly one node runs each). Every node runs the timers; the
 * job's tick takes the lock with `withJobLock` and skips when another node holds it, and a job
 * that must run once per interval across nodes also looks at when it last ran (see the
 * reconciliation job). Ticks of one job never overlap within a process.
 */
export type Job = {
  /** Names the advisory lock too: one name, one lock, across every node. */
  name: string;
  intervalMs: number;
  tick: () => Promise<void>;
};

export type Scheduler = { stop: () => Promise<void> };

// The first tick comes soon after a start, at a random moment so that nodes started together
// do not all reach for the lock at once; then every interval.
const FIRST_TICK_MAX_MS = 60_000;

export const startScheduler = (
  jobs: readonly Job[],
  onError: (job: Job, error: unknown) => void,
  firstDelayMs: (job: Job) => number = (job) =>
    randomInt(Math.max(1, Math.min(job.intervalMs, FIRST_TICK_MAX_MS))),
): Scheduler => {
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  const schedule = (job: Job, delayMs: number) => {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      const tick = job
        .tick()
        .catch((error: unknown) => onError(job, error))
        .finally(() => {
          running.delete(tick);
          schedule(job, job.intervalMs);
        });
      running.add(tick);
    }, delayMs);
    // A pending tick never keeps the process alive: shutdown does not wait for the next one.
    timer.unref();
    timers.add(timer);
  };
  for (const job of jobs) schedule(job, firstDelayMs(job));
  return {
    stop: async () => {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all(running);
    },
  };
};

// A job is background work beside the requests being served: its statements are planned
// without parallel workers, which would take every core of a small database host at once. On
// two cores, bets at 300/s had a p99 of 36 to 52 ms while a reconciliation of 176,000 entries
// ran on three processes, and 19 to 20 ms while it ran on one. `set_config(..., true)` is SET
// LOCAL: it ends with the transaction, so the pooled connection goes back as it was.
const ONE_CORE = "set_config('max_parallel_workers_per_gather', '0', true)";

const LOCK_SQL = {
  wait: `SELECT ${ONE_CORE}, pg_advisory_xact_lock(hashtextextended('job:' || $1, 0)), true AS locked`,
  try: `SELECT ${ONE_CORE}, pg_try_advisory_xact_lock(hashtextextended('job:' || $1, 0)) AS locked`,
} as const;

/**
 * Runs `work` in one transaction that holds the job's advisory lock, released at its end, with
 * no parallel workers. `wait: false` (a scheduled tick) answers null at once when another node
 * holds the lock; `wait: true` (an operator asking for a run) queues behind it.
 */
export const withJobLock = <T>(
  db: Db,
  jobName: string,
  options: { wait: boolean },
  work: (tx: Db) => Promise<T>,
): Promise<T | null> =>
  db.transaction(async (tx) => {
    const { locked } = await tx.one<{ locked: boolean }>(
      options.wait ? LOCK_SQL.wait : LOCK_SQL.try,
      [jobName],
    );
    return locked ? work(tx) : null;
  });

/**
 * Runs the app's jobs from ready to close; a failing tick is logged and the next one still
 * comes. `jobsOf` answers none when every job is switched off by configuration.
 */
export const schedulerPlugin = fp<{ jobsOf: (app: FastifyInstance) => Job[] }>(
  (app, { jobsOf }, done) => {
    let scheduler: Scheduler | null = null;
    app.addHook('onReady', (ready) => {
      const jobs = jobsOf(app);
      if (jobs.length > 0)
        scheduler = startScheduler(jobs, (job, error) =>
          app.log.error({ err: error, job: job.name }, 'scheduled job failed'),
        );
      ready();
    });
    app.addHook('onClose', async () => {
      await scheduler?.stop();
    });
    done();
  },
  { name: 'scheduler' },
);
