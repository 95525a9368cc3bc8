/**
 * The agents module (issue 22): the agent centre's team reports, downlines and invitations;
 * contracts, salaries and dividends as the issue goes on. It reads the hierarchy and the
 * per-member day totals, and opens accounts through the auth module.
 */
export { agentsRoutes } from './agents.routes.ts';
export { contractsRoutes } from './contracts.routes.ts';
export { freezeRequestsRoutes } from './freeze-requests.routes.ts';
export { agentsJobs } from './agents.jobs.ts';
/** One tick of the settlements, for the bench. */
export { settleMerchant } from './settlement.service.ts';
