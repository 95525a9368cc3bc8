import { z } from 'zod';
import { MinorUnitsSchema } from '../money.ts';
import {
  defineVendorCall,
  VendorCurrencySchema,
  VendorPlayerIdSchema,
  VendorTokenSchema,
} from './vendor-fields.ts';

export const VendorBalanceRequestSchema = z.object({
  playerId: VendorPlayerIdSchema,
  /** A live player token: balance is asked while the player plays. */
  token: VendorTokenSchema,
  currency: VendorCurrencySchema,
});
export type VendorBalanceRequest = z.input<typeof VendorBalanceRequestSchema>;

export const VendorBalanceSchema = z.object({
  playerId: z.string(),
  currency: z.string(),
  balanceMinor: MinorUnitsSchema,
});
export type VendorBalance = z.infer<typeof VendorBalanceSchema>;

export const vendorBalance = defineVendorCall({
  path: '/vendor/v1/balance',
  summary: "A game provider reads the player's balance (signed; live player token)",
  body: VendorBalanceRequestSchema,
  value: VendorBalanceSchema,
  errors: ['VENDOR_SESSION_INVALID'],
});
