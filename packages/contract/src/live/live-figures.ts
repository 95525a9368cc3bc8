import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { CurrencySchema, MinorUnitsSchema } from '../money.ts';

/**
 * The right panel's live figures (spec section 2, Right panel), from real platform data: the
 * members with a live session seen within the session idle timeout, and what the settled
 * real-money rounds of the merchant have paid in all. The site animates between readings.
 */
export const LiveFiguresSchema = CurrencySchema.extend({
  onlineCount: z.number().int().min(0),
  cumulativeWinningsMinor: MinorUnitsSchema,
  /** When the figures were read, ISO 8601. */
  readAt: z.iso.datetime(),
});
export type LiveFigures = z.infer<typeof LiveFiguresSchema>;

export const getLiveFigures = defineEndpoint({
  method: 'GET',
  path: '/lgw/live/figures',
  summary: 'Online members and cumulative winnings of the merchant (right panel)',
  tag: 'live',
  auth: 'public',
  value: LiveFiguresSchema,
  errors: ['MERCHANT_NOT_FOUND'],
});
