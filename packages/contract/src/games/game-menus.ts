import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { GameCategorySchema } from './categories.ts';

export const VendorItemSchema = z.object({
  vassalage: z.string(),
  displayName: z.string(),
  gameType: GameCategorySchema,
  maintenance: z.boolean(),
});
export type VendorItem = z.infer<typeof VendorItemSchema>;

export const GameMenuSchema = z.object({
  gameCategory: GameCategorySchema,
  title: z.string().describe('translation key of the category name'),
  route: z.string(),
  vendors: z.array(VendorItemSchema),
});
export type GameMenu = z.infer<typeof GameMenuSchema>;

/** Categories that have at least one vendor, in the spec's order. */
export const getGameMenus = defineEndpoint({
  method: 'GET',
  path: '/lgw/games/game_menus',
  summary: 'Game categories that have vendors, in display order',
  tag: 'games',
  auth: 'public',
  value: z.object({ menus: z.array(GameMenuSchema) }),
  errors: ['MERCHANT_NOT_FOUND'],
});
