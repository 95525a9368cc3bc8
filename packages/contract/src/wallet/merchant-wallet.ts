import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

/** A vendor whose games play from a wallet of their own (transfer-wallet merchants). */
export const TransferVendorSchema = z.object({
  vendorCode: z.string(),
  displayName: z.string(),
});
export type TransferVendor = z.infer<typeof TransferVendorSchema>;

/**
 * The merchant wallet (spec section 3, Merchant wallet: isSingle). A single-wallet merchant
 * lets vendors debit and credit the member's main wallet directly; a transfer-wallet merchant
 * gives each vendor a wallet the member moves money into and out of
 * (POST /wps/relay/GCS_walletTransfer). `vendors` lists the vendor wallets a member can use:
 * the vendors the merchant offers, and none on a single-wallet merchant.
 */
export const MerchantWalletSchema = z.object({
  isSingle: z.boolean(),
  vendors: z.array(TransferVendorSchema),
});
export type MerchantWallet = z.infer<typeof MerchantWalletSchema>;

export const getMerchantWallet = defineEndpoint({
  method: 'GET',
  path: '/wps/v2/wallets/merchant',
  summary: "The merchant's wallet mode (single or transfer wallet) and its vendor wallets",
  tag: 'wallet',
  auth: 'public',
  value: MerchantWalletSchema,
  errors: ['MERCHANT_NOT_FOUND'],
});
