/** The games module: vendors (the spec's vassalage) and the game menus built from them. */
export { gamesRoutes } from './games.routes.ts';
