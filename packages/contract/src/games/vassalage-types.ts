import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { GameCategorySchema } from './categories.ts';
import { clientFields, GameClassifySchema, VassalageSchema } from './game-card.ts';

/**
 * Vassalage game types (spec section 7): the classify entries of one vendor (or a whole
 * category), each with how many games it holds. BG appears only where the merchant supports
 * the TY language; NEW only for RNG (spec section 2, Category lobbies).
 */
export const findVassalageGameTypes = defineEndpoint({
  method: 'GET',
  path: '/lgw/games/vassalage_types',
  summary: 'Classify entries of a vendor or category, with game counts',
  tag: 'games',
  auth: 'public',
  query: z
    .object({
      ...clientFields,
      gameType: GameCategorySchema,
      vassalage: VassalageSchema.optional(),
    })
    .strict(),
  value: z.object({
    list: z.array(z.object({ gameClassify: GameClassifySchema, count: z.number().int() })),
  }),
  errors: ['VALIDATION_FAILED', 'MERCHANT_NOT_FOUND'],
});
