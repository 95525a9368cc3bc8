import { z } from 'zod';
import { REAL_ACCOUNT_ROLES } from '../auth/roles.ts';
import { defineEndpoint } from '../endpoint.ts';
import { GameCategorySchema } from '../games/categories.ts';
import { CurrencySchema } from '../money.ts';
import { checkDateRange } from '../paging.ts';
import { bettingFilterFields, BettingTotalsSchema } from './betting-record.ts';

/**
 * Personal profit and loss (spec section 2, member centre; issue 5 item 7) covers whole days:
 * the last 7 (today included) when the filter leaves the range open.
 */
export const PROFIT_LOSS_DEFAULT_DAYS = 7;

export const ProfitLossQuerySchema = z
  .object(bettingFilterFields)
  .strict()
  .superRefine(checkDateRange);
export type ProfitLossQuery = z.input<typeof ProfitLossQuerySchema>;

export const ProfitLossDaySchema = BettingTotalsSchema.extend({ day: z.iso.date() });
export type ProfitLossDay = z.infer<typeof ProfitLossDaySchema>;

export const ProfitLossCategorySchema = BettingTotalsSchema.extend({
  /** Null gathers the rounds of games the merchant no longer offers. */
  gameType: GameCategorySchema.nullable(),
});
export type ProfitLossCategory = z.infer<typeof ProfitLossCategorySchema>;

export const ProfitLossSchema = z.object({
  ...CurrencySchema.shape,
  /** The days covered, both included, in the merchant's zone. */
  from: z.iso.date(),
  to: z.iso.date(),
  /** Days with rounds, newest first. */
  days: z.array(ProfitLossDaySchema),
  /** Categories with rounds, in the order of the home sections. */
  categories: z.array(ProfitLossCategorySchema),
  totals: BettingTotalsSchema,
});
export type ProfitLoss = z.infer<typeof ProfitLossSchema>;

export const findProfitLoss = defineEndpoint({
  method: 'GET',
  path: '/wps/member/records/profit-loss',
  summary:
    "The signed-in member's personal profit and loss on real-money rounds, by day in the " +
    "merchant's zone and by category, over at most a year (the last 7 days by default)",
  tag: 'games',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  query: ProfitLossQuerySchema,
  value: ProfitLossSchema,
  errors: [
    'RULES_NOT_MET',
    'MERCHANT_NOT_FOUND',
    'UNAUTHORIZED',
    'TRIAL_ACCOUNT_FORBIDDEN',
    'VALIDATION_FAILED',
    'BETTING_UNKNOWN_VENDOR',
  ],
});
