import { z } from 'zod';

/**
 * Game categories in the order the spec lists the home sections (spec section 2, Home page),
 * with LOTT beside ELOTT. The side menu and `game_menus` keep this order.
 */
export const GAME_CATEGORIES = [
  'RNG',
  'LIVE',
  'FISH',
  'SPORTS',
  'PVP',
  'LOTT',
  'ELOTT',
  'ESPORTS',
  'COCKFIGHT',
] as const;
export const GameCategorySchema = z.enum(GAME_CATEGORIES);
export type GameCategory = z.infer<typeof GameCategorySchema>;

/** The category route map (spec section 2, Layout). */
export const CATEGORY_ROUTES: Record<GameCategory, string> = {
  RNG: '/rng',
  LIVE: '/live',
  FISH: '/fish',
  SPORTS: '/sports',
  PVP: '/pvp',
  LOTT: '/lott',
  ELOTT: '/elott',
  ESPORTS: '/esports',
  COCKFIGHT: '/cockfight',
};
