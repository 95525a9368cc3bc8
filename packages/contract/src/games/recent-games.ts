import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import {
  clientFields,
  GAME_PAGE_SIZES,
  GameCardSchema,
  GameTypeQuerySchema,
  VassalageSchema,
} from './game-card.ts';

/** How many recent games a member keeps: older launches drop off. */
export const MAX_RECENT_GAMES = 100;

/**
 * Recent list (spec section 7): the games the member launched, latest first, one row per game.
 * A trial may ask (it has launched nothing real, so its list is empty); a guest may not.
 */
export const findRecentGames = defineEndpoint({
  method: 'GET',
  path: '/wps/game/recent',
  summary: 'Games the member launched, latest first',
  tag: 'games',
  auth: 'member',
  query: z
    .object({
      ...clientFields,
      gameType: GameTypeQuerySchema.optional(),
      vassalage: VassalageSchema.optional(),
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(GAME_PAGE_SIZES.recentHome),
    })
    .strict(),
  value: z.object({
    list: z.array(GameCardSchema),
    page: z.number().int(),
    totalPages: z.number().int(),
  }),
  errors: ['VALIDATION_FAILED', 'UNAUTHORIZED', 'MERCHANT_NOT_FOUND'],
});
