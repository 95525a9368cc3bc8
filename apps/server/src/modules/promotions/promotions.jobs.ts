import type { FastifyInstance } from 'fastify';
import type { Job } from '../../jobs/scheduler.ts';
import { findMerchantRefs } from '../system/index.ts';
import { settleMerchantBonuses } from './bonus-grants.service.ts';
import { decideEndedContests } from './contests.service.ts';

export const BONUS_JOB = 'bonus-wagering';
export const CONTEST_JOB = 'contest-decisions';

/**
 * Bonuses are brought up to date without the member looking (issue 24 item 3): every
 * BONUS_TICK_SECONDS each node counts settled bets, releases met bonuses and forfeits expired
 * ones. Passes are safe to repeat and to overlap across nodes: each member's open grants are
 * locked while counted, and each money step has its own idempotency key. On the same tick,
 * the contests that have ended are decided, each once (its row locked, decided_at set in the
 * same transaction). Off under
 * NODE_ENV=test, whose tests call the service, unless a test server asks for it.
 */
export const promotionsJobs = (app: FastifyInstance): Job[] => {
  const seconds = app.config.BONUS_TICK_SECONDS;
  if (seconds === 0) return [];
  const log = app.log.child({ job: BONUS_JOB });
  return [
    {
      name: CONTEST_JOB,
      intervalMs: seconds * 1000,
      tick: () =>
        decideEndedContests({ db: app.db, now: app.clock(), events: app.events }).catch(
          (error: unknown) => log.error({ err: error, job: CONTEST_JOB }, 'contest pass failed'),
        ),
    },
    {
      name: BONUS_JOB,
      intervalMs: seconds * 1000,
      tick: async () => {
        for (const merchant of await findMerchantRefs(app.db)) {
          await settleMerchantBonuses({
            db: app.db,
            merchantId: merchant.id,
            now: app.clock(),
            events: app.events,
          }).catch((error: unknown) =>
            log.error({ err: error, merchant: merchant.code }, 'bonus wagering pass failed'),
          );
        }
      },
    },
  ];
};
