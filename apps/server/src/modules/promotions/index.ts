/**
 * The promotions module (issue 24): the promotions centre's activities, deposit bonuses with
 * wagering (claims, the member's bonuses, the wagering job); missions, the reward centre and
 * the other rules as the issue goes on.
 */
export { promotionsRoutes } from './promotions.routes.ts';
export { promotionsJobs } from './promotions.jobs.ts';
/** Inside a withdrawal's transaction: open bonuses forfeited or the withdrawal refused. */
export { settleBonusesForWithdrawal } from './bonus-grants.service.ts';
/** With a bet's checks: the largest bet an open bonus allows each member. */
export { readBonusBetLimits } from './bonus-grants.service.ts';
