import { z } from 'zod';
import { REAL_ACCOUNT_ROLES } from '../auth/roles.ts';
import { defineEndpoint } from '../endpoint.ts';
import { GameCategorySchema } from './categories.ts';
import {
  clientFields,
  GAME_PAGE_SIZES,
  GameCardSchema,
  GameTypeQuerySchema,
  VassalageSchema,
} from './game-card.ts';

/** A member keeps at most this many favourites: the favourite list's one page (spec section 9). */
export const MAX_FAVOURITES = GAME_PAGE_SIZES.favourites;

const NodeIdSchema = z.coerce.number().int().min(1).max(2_147_483_647);

// Favourites belong to real members (spec section 6, Real member): a trial is refused.

export const findFavouriteIds = defineEndpoint({
  method: 'GET',
  path: '/wps/game/favourites/ids',
  summary: "The nodeIds of the member's favourite games",
  tag: 'games',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  value: z.object({ ids: z.array(z.number().int()) }),
  errors: ['UNAUTHORIZED', 'TRIAL_ACCOUNT_FORBIDDEN', 'MERCHANT_NOT_FOUND'],
});

/** Favourite list (spec section 3): `content`, `pageNum`, `totalPages`, latest added first. */
export const findFavouriteGames = defineEndpoint({
  method: 'GET',
  path: '/wps/game/favourites',
  summary: "The member's favourite games, latest added first",
  tag: 'games',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  query: z
    .object({
      ...clientFields,
      gameType: GameTypeQuerySchema.optional(),
      vassalage: VassalageSchema.optional(),
      pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(MAX_FAVOURITES).default(MAX_FAVOURITES),
    })
    .strict(),
  value: z.object({
    content: z.array(GameCardSchema),
    pageNum: z.number().int(),
    totalPages: z.number().int(),
  }),
  errors: ['VALIDATION_FAILED', 'UNAUTHORIZED', 'TRIAL_ACCOUNT_FORBIDDEN', 'MERCHANT_NOT_FOUND'],
});

/** Favourite payload (spec section 3). Adding a game already kept changes nothing. */
export const addFavouriteGame = defineEndpoint({
  method: 'POST',
  path: '/wps/game/favourites',
  summary: 'Adds a game to the favourites unless it is there already',
  tag: 'games',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  body: z
    .object({ nodeId: NodeIdSchema, vendor: VassalageSchema, gameType: GameCategorySchema })
    .strict(),
  value: z.object({ added: z.boolean(), count: z.number().int() }),
  errors: [
    'VALIDATION_FAILED',
    'UNAUTHORIZED',
    'TRIAL_ACCOUNT_FORBIDDEN',
    'GAME_NOT_FOUND',
    'FAVOURITES_FULL',
    'MERCHANT_NOT_FOUND',
  ],
});

export const removeFavouriteGame = defineEndpoint({
  method: 'DELETE',
  path: '/wps/game/favourites',
  summary: 'Removes a game from the favourites (nothing to remove is not an error)',
  tag: 'games',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  query: z.object({ nodeId: NodeIdSchema }).strict(),
  value: z.object({ removed: z.boolean(), count: z.number().int() }),
  errors: ['VALIDATION_FAILED', 'UNAUTHORIZED', 'TRIAL_ACCOUNT_FORBIDDEN', 'MERCHANT_NOT_FOUND'],
});
