import type { FastifyInstance } from 'fastify';
import type { Job } from '../../jobs/scheduler.ts';
import {
  logRun,
  RECONCILIATION_JOB,
  runScheduledReconciliation,
} from './reconciliation.service.ts';

/**
 * The scheduled reconciliation (RECONCILE_INTERVAL_MINUTES; 0 switches it off, as tests do):
 * every node ticks, one run per interval lands between them (runScheduledReconciliation).
 */
export const reconciliationJobs = (app: FastifyInstance): Job[] => {
  const minutes = app.config.RECONCILE_INTERVAL_MINUTES;
  if (minutes === 0) return [];
  const intervalMs = minutes * 60_000;
  const log = app.log.child({ job: RECONCILIATION_JOB });
  return [
    {
      name: RECONCILIATION_JOB,
      intervalMs,
      tick: async () => {
        const run = await runScheduledReconciliation(app.db, { clock: app.clock, intervalMs });
        if (run) logRun(log, run);
      },
    },
  ];
};
