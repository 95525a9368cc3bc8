import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { GameCategorySchema } from './categories.ts';
import { clientFields, GameSubTypeSchema } from './game-card.ts';

/** One lane of the vendor bar: a category's vendors in the merchant's order. */
export const VendorLaneSchema = z.object({
  gameType: GameCategorySchema,
  vendors: z.array(
    z.object({
      vassalage: z.string(),
      displayName: z.string(),
      gameType: GameCategorySchema,
      maintenance: z.boolean(),
      gameCount: z.number().int(),
      gameClassify: z.array(GameSubTypeSchema),
    }),
  ),
});
export type VendorLane = z.infer<typeof VendorLaneSchema>;

/** Game vendors (spec section 7): `value.data.lanes`, one per category that has vendors. */
export const findGameVendors = defineEndpoint({
  method: 'GET',
  path: '/lgw/games/vendors',
  summary: "The merchant's game vendors by category, with their sub-types",
  tag: 'games',
  auth: 'public',
  query: z.object({ ...clientFields, gameType: GameCategorySchema.optional() }).strict(),
  value: z.object({ data: z.object({ lanes: z.array(VendorLaneSchema) }) }),
  errors: ['VALIDATION_FAILED', 'MERCHANT_NOT_FOUND'],
});
