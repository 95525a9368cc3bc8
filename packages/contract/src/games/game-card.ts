import { z } from 'zod';
import { LanguageSchema } from '../i18n.ts';
import { GameCategorySchema } from './categories.ts';
import { text } from '../text.ts';

/** Game sub-types (spec section 3); BG is offered only where the merchant supports TY. */
export const GAME_SUB_TYPES = ['JP', 'TG', 'AC', 'SC', 'VP', 'BG'] as const;
export const GameSubTypeSchema = z.enum(GAME_SUB_TYPES);
export type GameSubType = z.infer<typeof GameSubTypeSchema>;

/** The lobby's classify entries besides the sub-types: everything, hot games, new games. */
export const GameClassifySchema = z.enum(['ALL', 'HOT', 'NEW', ...GAME_SUB_TYPES]);
export type GameClassify = z.infer<typeof GameClassifySchema>;

/** Game card (spec section 3). */
export const GameCardSchema = z.object({
  nodeId: z.number().int().describe('the platform id of the game'),
  nodeName: z.string().describe('the name in English, the same in every language'),
  gameName: z.string().describe('the name in the requested language'),
  displayName: z.string().describe("the vendor's display name"),
  showIcon: z.string().describe('the icon path under the image CDN'),
  iconUrl: z.string().describe('the icon through a random image CDN of the merchant'),
  lagerIcon: z.string().describe('the large (landscape) artwork, the same way'),
  vassalage: z.string().describe('the vendor code'),
  gameType: GameCategorySchema,
  gameId: z.string().describe("the vendor's own code of the game"),
  gameClassify: GameSubTypeSchema.nullable(),
  isHot: z.union([z.literal(0), z.literal(1)]),
  isNew: z.union([z.literal(0), z.literal(1)]),
  supportPlay: z.union([z.literal(0), z.literal(1)]).describe('0: a free trial is available'),
  freeplay: z.union([z.literal(0), z.literal(1)]).describe('1: a free trial is available'),
  maintenance: z.boolean().describe('the game or its whole vendor is under maintenance'),
});
export type GameCard = z.infer<typeof GameCardSchema>;

/** Query flags the site sends with every game call; accepted, and checked where they matter. */
export const clientFields = {
  clientType: z.coerce.number().int().min(0).max(9).optional(),
  platform: z
    .string()
    .max(64)
    .regex(
      /^[a-zA-Z][a-zA-Z0-9-]*(,[a-zA-Z][a-zA-Z0-9-]*)*$/,
      "platform names such as 'flash,html5-desktop'",
    )
    .optional(),
  language: LanguageSchema.optional(),
};

/** A merchant code in a query, as the merchants table spells them. */
export const MerchantCodeQuerySchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{1,31}$/, 'a merchant code');

/**
 * A name to search for: blank means no filter; otherwise it starts (after spaces) with a letter
 * or digit, as every game name does, and holds no control character.
 */
export const GameNameQuerySchema = text(100).regex(
  /^\s*(?:[\p{L}\p{N}][^\p{Cc}]*)?$/u,
  'a part of a game name',
);

/** A vendor code in a query (`vassalage`), as the vendors table spells them. */
export const VassalageSchema = z.string().regex(/^[A-Z0-9_]{2,32}$/, 'a vendor code');

/** A game category in a query; HOME (the home page's current type) means every category. */
export const GameTypeQuerySchema = z
  .union([GameCategorySchema, z.literal('HOME')])
  .transform((type) => (type === 'HOME' ? undefined : type));

/** Spec section 9, page sizes. */
export const GAME_PAGE_SIZES = {
  lobby: 40,
  lobbyShort: 15,
  search: 24,
  recentHome: 20,
  favourites: 999,
} as const;
