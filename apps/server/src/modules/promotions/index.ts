/**
 * The promotions module (issue 24): the promotions centre's activities today; the rules engine,
 * bonus accounting, missions and the reward centre as the issue goes on.
 */
export { promotionsRoutes } from './promotions.routes.ts';
