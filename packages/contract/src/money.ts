import { z } from 'zod';

/**
 * Money on the wire (style.md, Naming): a string of integer minor units in the merchant's
 * currency, so no amount ever passes through floating point. At most 19 digits: a PostgreSQL
 * bigint.
 */
export const MinorUnitsSchema = z.string().regex(/^(0|[1-9][0-9]{0,18})$/, 'minor units');
export type MinorUnits = z.infer<typeof MinorUnitsSchema>;

/** The currency every amount of a response is in: the merchant's. */
export const CurrencySchema = z.object({
  currency: z.string().length(3),
  currencySymbol: z.string(),
  currencyDecimals: z.number().int().min(0).max(4),
});
export type Currency = z.infer<typeof CurrencySchema>;
