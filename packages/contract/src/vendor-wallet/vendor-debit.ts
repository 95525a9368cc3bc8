import type { z } from 'zod';
import { TransferAmountMinorSchema } from '../wallet/amount.ts';
import {
  defineVendorCall,
  VendorCurrencySchema,
  VendorGameCodeSchema,
  VendorMovementSchema,
  VendorTokenSchema,
  VendorTransactionResultSchema,
} from './vendor-fields.ts';

/**
 * A bet: takes `amountMinor` (at least 1) from the player for the round, opening the round on
 * its first debit. Needs a live player token.
 */
export const VendorDebitRequestSchema = VendorMovementSchema.extend({
  gameCode: VendorGameCodeSchema,
  token: VendorTokenSchema.describe('The live player token the game launch gave the vendor'),
  currency: VendorCurrencySchema,
  amountMinor: TransferAmountMinorSchema.describe(
    'The bet in minor units: 1 to 10^15, digits only',
  ),
});
export type VendorDebitRequest = z.input<typeof VendorDebitRequestSchema>;

export const vendorDebit = defineVendorCall({
  path: '/vendor/v1/debit',
  summary:
    'A game provider takes a bet from the player (signed; live player token; refused in ' +
    'maintenance, for a frozen or disabled account, on insufficient balance and above an open ' +
    "bonus's largest bet)",
  body: VendorDebitRequestSchema,
  idempotent: true,
  value: VendorTransactionResultSchema,
  errors: [
    'VENDOR_SESSION_INVALID',
    'IDEMPOTENCY_KEY_REUSED',
    'VENDOR_TRANSACTION_REUSED',
    'VENDOR_TRANSACTION_CANCELLED',
    'VENDOR_ROUND_CLOSED',
    'VENDOR_ROUND_CONFLICT',
    'INSUFFICIENT_BALANCE',
    'ACCOUNT_FROZEN',
    'ACCOUNT_DISABLED',
    'MAINTENANCE',
    'BONUS_MAX_BET_EXCEEDED',
  ],
});
