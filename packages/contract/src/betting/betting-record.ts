import { z } from 'zod';
import { REAL_ACCOUNT_ROLES } from '../auth/roles.ts';
import { defineEndpoint } from '../endpoint.ts';
import { GameCategorySchema } from '../games/categories.ts';
import { LanguageSchema } from '../i18n.ts';
import { CurrencySchema, MinorUnitsSchema } from '../money.ts';
import {
  checkDateRange,
  checkPageDepth,
  dateRangeFields,
  keysetPageFields,
  keysetPageOf,
} from '../paging.ts';
import { VendorRoundStatusSchema } from '../vendor-wallet/vendor-fields.ts';
import { SignedMinorUnitsSchema } from '../wallet/account-record.ts';

/**
 * The sums of a selection of rounds (issue 5 item 7). `betMinor` is what the bets took and kept
 * (debits less rollbacks) on every round; `validBetMinor` the part of it on settled rounds, the
 * ones with a result; `winMinor` what the wins paid; `profitMinor` the member's result on settled
 * rounds (their wins less their bets), negative when the member lost.
 */
export const BettingTotalsSchema = z.object({
  rounds: z.number().int().min(0),
  betMinor: MinorUnitsSchema,
  validBetMinor: MinorUnitsSchema,
  winMinor: MinorUnitsSchema,
  profitMinor: SignedMinorUnitsSchema,
});
export type BettingTotals = z.infer<typeof BettingTotalsSchema>;

/** One round at a vendor as the member's betting record shows it. */
export const BettingRoundSchema = z.object({
  vendorCode: z.string(),
  vendorName: z.string(),
  /** The game's category; null for a game the merchant no longer offers. */
  gameType: GameCategorySchema.nullable(),
  roundId: z.string(),
  gameCode: z.string(),
  /** In the requested language; the vendor's game code when the game is no longer offered. */
  gameName: z.string(),
  status: VendorRoundStatusSchema,
  betMinor: MinorUnitsSchema,
  /** The bet on a settled round; 0 while open or when cancelled. */
  validBetMinor: MinorUnitsSchema,
  winMinor: MinorUnitsSchema,
  /** Win less bet once settled; 0 while open or when cancelled. */
  profitMinor: SignedMinorUnitsSchema,
  openedAt: z.iso.datetime(),
  closedAt: z.iso.datetime().nullable(),
});
export type BettingRound = z.infer<typeof BettingRoundSchema>;

/** A vendor code as the vendor menu spells it (the spec's vassalage). */
const VendorCodeSchema = z.string().regex(/^[A-Z0-9_]{2,32}$/, 'a vendor code');

/** The filters the betting record and profit and loss share: category, vendor, days. */
export const bettingFilterFields = {
  ...dateRangeFields,
  gameType: GameCategorySchema.optional(),
  vassalage: VendorCodeSchema.optional(),
};

export const BettingRecordQuerySchema = z
  .object({
    ...keysetPageFields,
    ...bettingFilterFields,
    language: LanguageSchema.optional(),
  })
  .strict()
  .superRefine((query, context) => {
    checkDateRange(query, context);
    checkPageDepth(query, context);
  });
export type BettingRecordQuery = z.input<typeof BettingRecordQuerySchema>;

export const BettingRecordPageSchema = keysetPageOf(BettingRoundSchema).extend({
  ...CurrencySchema.shape,
  /** Over every round the filter selects, not only this page. */
  totals: BettingTotalsSchema,
});
export type BettingRecordPage = z.infer<typeof BettingRecordPageSchema>;

export const findBettingRecord = defineEndpoint({
  method: 'GET',
  path: '/wps/member/records/betting',
  summary:
    "The signed-in member's betting record: every real-money round at every vendor, newest " +
    "first, filtered by category, vendor and calendar days in the merchant's zone, with totals; " +
    'the next and previous pages by the cursors a page hands out, counted up to 10,000 rounds',
  tag: 'games',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  query: BettingRecordQuerySchema,
  value: BettingRecordPageSchema,
  errors: [
    'RULES_NOT_MET',
    'MERCHANT_NOT_FOUND',
    'UNAUTHORIZED',
    'TRIAL_ACCOUNT_FORBIDDEN',
    'VALIDATION_FAILED',
    'BETTING_UNKNOWN_VENDOR',
  ],
});
