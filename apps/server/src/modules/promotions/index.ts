/**
 * The promotions module (issue 24): the promotions centre's activities, deposit bonuses with
 * wagering (claims, the member's bonuses, the wagering job), period rewards, red envelopes,
 * applications and contests (turnover rankings and raffles, decided by a job).
 */
export { promotionsRoutes } from './promotions.routes.ts';
export { promotionsJobs } from './promotions.jobs.ts';
/** A raffle's or envelope's seed, committed to when it is made (the seed data makes raffles). */
export { newCommittedSeed } from './committed-seed.ts';
/** Inside a withdrawal's transaction: open bonuses forfeited or the withdrawal refused. */
export { settleBonusesForWithdrawal } from './bonus-grants.service.ts';
/** With a bet's checks: the largest bet an open bonus allows each member. */
export { readBonusBetLimits } from './bonus-grants.service.ts';
