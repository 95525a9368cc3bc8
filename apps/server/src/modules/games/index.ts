/** The games module: vendors (the spec's vassalage) and the game menus built from them. */
export { gamesRoutes } from './games.routes.ts';
/** The vendors a merchant offers (the wallet module's vendor wallets follow them). */
export { findEnabledVendors, type MerchantVendorRow } from './games.repository.ts';
/** Game launch (/wps/game/launchGame): vendor sessions and the house vendor's game URLs. */
export { gameLaunchRoutes } from './launch.routes.ts';
