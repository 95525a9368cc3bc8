/**
 * The games module: vendors (the spec's vassalage), the game catalog and its lists, search,
 * artwork, favourites and recent games.
 */
export { gamesRoutes } from './games.routes.ts';
/** The vendors a merchant offers (the wallet module's vendor wallets follow them). */
export { findEnabledVendors, type MerchantVendorRow } from './games.repository.ts';
/** The launch records a game it accepted, so it shows in the member's recent games. */
export { recordRecentGame, recordRecentLaunch } from './game-lists.service.ts';
/** The catalog a node serves from memory; call `invalidate` after changing games or vendors. */
export { gameCatalogCacheOf, type CatalogGame, type GameCatalog } from './game-catalog.ts';
/** Where rounds belong (category and vendor name of a vendor's game): records, reports, bonuses. */
export { placementOf, type Placement } from './placement.ts';
/**
 * Game launch (/wps/game/launchGame): vendor sessions and the house vendor's game URLs. Register
 * with the vendor-wallet module's `issueVendorSession` (games does not import vendor-wallet).
 */
export { gameLaunchRoutes } from './launch.routes.ts';
/** Operator actions on the catalog (maintenance of a game or a vendor), audit-logged. */
export { gamesOpsRoutes } from './games-ops.routes.ts';
