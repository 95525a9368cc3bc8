import { z } from 'zod';
import {
  defineVendorCall,
  VendorCurrencySchema,
  VendorMovementSchema,
  VendorTokenSchema,
  VendorTransactionResultSchema,
  VendorWinMinorSchema,
} from './vendor-fields.ts';

/**
 * A win for an open round of the player: pays `amountMinor` (0 ends the round without a win).
 * No live token is needed (a win cannot be refused because the session expired), and it is
 * accepted in maintenance and for a frozen account. `roundClosed` (default true) settles the
 * round; false leaves it open for more bets and wins.
 */
export const VendorCreditRequestSchema = VendorMovementSchema.extend({
  /** Accepted and not checked: wins never depend on a live session. */
  token: VendorTokenSchema.optional(),
  currency: VendorCurrencySchema,
  amountMinor: VendorWinMinorSchema.describe(
    'The win in minor units, digits only; 0 ends the round without a win',
  ),
  roundClosed: z
    .boolean()
    .default(true)
    .describe('Settles the round (default); false leaves it open for more bets and wins'),
  jackpot: z
    .boolean()
    .default(false)
    .describe(
      "The round hit the platform's jackpot: the whole pool is paid on top of amountMinor " +
        '(the house vendor only; ignored for play money)',
    ),
});
export type VendorCreditRequest = z.input<typeof VendorCreditRequestSchema>;

export const vendorCredit = defineVendorCall({
  path: '/vendor/v1/credit',
  summary:
    'A game provider pays a win for an open round (signed; no live token needed; accepted in ' +
    'maintenance and for a frozen account)',
  body: VendorCreditRequestSchema,
  idempotent: true,
  value: VendorTransactionResultSchema,
  errors: [
    'IDEMPOTENCY_KEY_REUSED',
    'VENDOR_TRANSACTION_REUSED',
    'VENDOR_ROUND_NOT_FOUND',
    'VENDOR_ROUND_CLOSED',
    'VENDOR_JACKPOT_NOT_OFFERED',
  ],
});
