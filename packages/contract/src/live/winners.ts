import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { LanguageSchema } from '../i18n.ts';
import { CurrencySchema, MinorUnitsSchema } from '../money.ts';
import { GameCategorySchema } from '../games/categories.ts';

/** The winner board's sizes (spec section 7, Home group): 50 on the board, 20 elsewhere. */
export const WINNER_BOARD_LIMITS = { board: 50, carousel: 20 } as const;

/**
 * Winner entry (spec section 3): one settled real-money round whose wins exceeded its stake.
 * `customerName` is masked on the server; the full name never leaves it. `winAmountMinor` is
 * what the wins paid, in minor units of `currency`.
 */
export const WinnerVoSchema = z.object({
  customerName: z.string(),
  winAmountMinor: MinorUnitsSchema,
  gameName: z.string(),
  iconUrl: z.string(),
  gameId: z.string(),
  gameType: GameCategorySchema,
  vassalage: z.string(),
  wonAt: z.iso.datetime(),
});
export type WinnerVo = z.infer<typeof WinnerVoSchema>;

export const WinnerBoardSchema = CurrencySchema.extend({
  list: z.array(z.object({ vo: WinnerVoSchema })),
});
export type WinnerBoard = z.infer<typeof WinnerBoardSchema>;

export const findWinners = defineEndpoint({
  method: 'GET',
  path: '/lgw/live/winners',
  summary: 'The latest real wins of the merchant, newest first, names masked (winner board)',
  tag: 'live',
  auth: 'public',
  query: z
    .object({
      gameCategory: z.union([z.literal('ALL'), GameCategorySchema]).default('ALL'),
      language: LanguageSchema.optional(),
      limitNum: z.coerce.number().int().min(1).max(WINNER_BOARD_LIMITS.board).default(50),
    })
    .strict(),
  value: WinnerBoardSchema,
  errors: ['VALIDATION_FAILED', 'MERCHANT_NOT_FOUND'],
});
