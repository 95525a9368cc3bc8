import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { CurrencySchema, MinorUnitsSchema } from '../money.ts';

/** A transfer wallet at one vendor (issue 4 item 3): money moved there to play its games. */
export const VendorWalletSchema = z.object({
  vendorCode: z.string(),
  balanceMinor: MinorUnitsSchema,
});
export type VendorWallet = z.infer<typeof VendorWalletSchema>;

/**
 * The header balance (spec sections 2 and 3, Public state): the main wallet in minor units with
 * the merchant's currency, shown with 2 decimals; and the member's vendor wallets that hold or
 * have held money. A trial member gets its play-money balance the same way.
 */
export const WalletBalanceSchema = CurrencySchema.extend({
  balanceMinor: MinorUnitsSchema,
  vendorWallets: z.array(VendorWalletSchema),
});
export type WalletBalance = z.infer<typeof WalletBalanceSchema>;

export const getWalletBalance = defineEndpoint({
  method: 'GET',
  path: '/wps/v2/wallets/balance',
  summary: "The signed-in member's main wallet balance and vendor wallets",
  tag: 'wallet',
  auth: 'member',
  value: WalletBalanceSchema,
  errors: ['MERCHANT_NOT_FOUND', 'UNAUTHORIZED'],
});
