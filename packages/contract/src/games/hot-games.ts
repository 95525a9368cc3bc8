import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import {
  clientFields,
  GameCardSchema,
  GameTypeQuerySchema,
  MerchantCodeQuerySchema,
  VassalageSchema,
} from './game-card.ts';

/** How many hot games the hot list holds at most: the home section and the HOT lobby's pages. */
export const HOT_LIST_LIMIT = 60;

/** Hot list (spec section 7): the merchant's hot games, most popular first. */
export const findHotGames = defineEndpoint({
  method: 'GET',
  path: '/lgw/games/hot',
  summary: 'Hot games, most popular first (at most 60)',
  tag: 'games',
  auth: 'public',
  query: z
    .object({
      ...clientFields,
      merchantCode: MerchantCodeQuerySchema.optional(),
      isPlatform: z.coerce.number().int().min(0).max(9).optional(),
      gameType: GameTypeQuerySchema.optional(),
      vassalage: VassalageSchema.optional(),
    })
    .strict(),
  value: z.object({ list: z.array(GameCardSchema) }),
  errors: ['VALIDATION_FAILED', 'MERCHANT_NOT_FOUND'],
});

/** Popular (spec section 7, Home group): the most played games of any kind. */
export const findPopularGames = defineEndpoint({
  method: 'GET',
  path: '/lgw/games/popular',
  summary: 'The most popular games, hot or not',
  tag: 'games',
  auth: 'public',
  query: z
    .object({
      ...clientFields,
      gameType: GameTypeQuerySchema.optional(),
      limit: z.coerce.number().int().min(1).max(50).default(12),
    })
    .strict(),
  value: z.object({ list: z.array(GameCardSchema) }),
  errors: ['VALIDATION_FAILED', 'MERCHANT_NOT_FOUND'],
});
