/**
 * The live module (issue 6 item 7): the winner board and the right panel's figures (members
 * online, cumulative winnings), read from real sessions and settled vendor rounds.
 */
export { liveRoutes } from './live.routes.ts';
/** A member's name as public boards show it (the winner board, contests' boards). */
export { maskWinnerName } from './mask-name.ts';
export { clearLiveCaches, LIVE_CACHE_TTL_MS } from './live.service.ts';
