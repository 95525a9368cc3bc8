/**
 * The live module (issue 6 item 7): the winner board and the right panel's figures (members
 * online, cumulative winnings), read from real sessions and settled vendor rounds.
 */
export { liveRoutes } from './live.routes.ts';
export { clearLiveCaches, LIVE_CACHE_TTL_MS } from './live.service.ts';
