import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { CurrencySchema, MinorUnitsSchema } from '../money.ts';
import { clientFields } from './game-card.ts';

/**
 * The merchant's jackpot pool (issue 5 item 6): a share of every real-money house-vendor bet
 * flows into it and a jackpot win pays all of it. The home counter shows this figure; it is the
 * balance of the ledger's jackpot account, never an invented number.
 */
export const JackpotSchema = CurrencySchema.extend({
  amountMinor: MinorUnitsSchema.describe('The pool in minor units'),
  /** When the figure was read, ISO 8601: the counter animates towards it from the last reading. */
  readAt: z.string(),
});
export type Jackpot = z.infer<typeof JackpotSchema>;

export const getJackpot = defineEndpoint({
  method: 'GET',
  path: '/wps/game/jackpot',
  summary: "The merchant's jackpot pool, for the home counter",
  tag: 'games',
  auth: 'public',
  query: z.object({ ...clientFields }).strict(),
  value: JackpotSchema,
  errors: ['VALIDATION_FAILED', 'MERCHANT_NOT_FOUND'],
});
