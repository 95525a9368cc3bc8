import type { FastifyInstance } from 'fastify';
import type { Job } from '../../jobs/scheduler.ts';
import { findMerchantRefs } from '../system/index.ts';
import { settleMerchant } from './settlement.service.ts';

export const SETTLEMENT_JOB = 'agent-settlements';

/**
 * Salaries and dividends (spec section 9: real-time salary every 5 minutes, daily and hourly
 * salaries and dividends after their period): every node ticks each minute
 * (AGENT_SETTLEMENT_TICK_SECONDS), and each period's run is claimed by one of them (decision
 * 020). Off under NODE_ENV=test, whose tests run it, unless a test server asks for it.
 */
export const agentsJobs = (app: FastifyInstance): Job[] => {
  const seconds = app.config.AGENT_SETTLEMENT_TICK_SECONDS;
  if (seconds === 0) return [];
  const log = app.log.child({ job: SETTLEMENT_JOB });
  return [
    {
      name: SETTLEMENT_JOB,
      intervalMs: seconds * 1000,
      tick: async () => {
        for (const merchant of await findMerchantRefs(app.db)) {
          await settleMerchant({ db: app.db, merchantId: merchant.id, now: app.clock() }).catch(
            (error: unknown) =>
              log.error({ err: error, merchant: merchant.code }, 'settlement failed'),
          );
        }
      },
    },
  ];
};
