import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import {
  clientFields,
  GAME_PAGE_SIZES,
  GameCardSchema,
  GameClassifySchema,
  GameNameQuerySchema,
  GameTypeQuerySchema,
  MerchantCodeQuerySchema,
  VassalageSchema,
} from './game-card.ts';

/**
 * The games list (spec section 7, Games): a lobby page, a classify tab or a name search. A page
 * beyond the last answers an empty list with the real totalPages (the site ignores it).
 */
export const findGames = defineEndpoint({
  method: 'GET',
  path: '/lgw/games/list',
  summary: 'Games of the merchant by category, vendor, classify and name, one page',
  description:
    'gameName is trimmed and matched case- and accent-insensitively as a part of the name in ' +
    'any language. `merchant`, when sent, must be the code of the merchant of the host.',
  tag: 'games',
  auth: 'public',
  query: z
    .object({
      ...clientFields,
      merchant: MerchantCodeQuerySchema.optional(),
      gameType: GameTypeQuerySchema.optional(),
      isNew: z.enum(['0', '1']).optional(),
      vassalage: VassalageSchema.optional(),
      gameClassify: GameClassifySchema.optional(),
      gameName: GameNameQuerySchema.optional(),
      pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(GAME_PAGE_SIZES.lobby),
    })
    .strict(),
  value: z.object({
    games: z.array(GameCardSchema),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  }),
  errors: ['VALIDATION_FAILED', 'MERCHANT_NOT_FOUND'],
});
