import { z } from 'zod';
import { REAL_ACCOUNT_ROLES } from '../auth/roles.ts';
import { defineEndpoint } from '../endpoint.ts';
import { CurrencySchema, IdempotencyKeySchema, MinorUnitsSchema } from '../money.ts';
import { TransferAmountMinorSchema } from './amount.ts';
import { VendorWalletSchema } from './balance.ts';

export const VendorCodeSchema = z.string().regex(/^[A-Z0-9_]{2,32}$/, 'a vendor code');

const move = <A extends 'toVendor' | 'fromVendor'>(action: A) =>
  z
    .object({
      action: z.literal(action),
      vendorCode: VendorCodeSchema,
      amountMinor: TransferAmountMinorSchema,
      idempotencyKey: IdempotencyKeySchema,
    })
    .strict();

/**
 * A move between the main wallet and one vendor wallet (spec section 2, my wallet): into the
 * vendor wallet (`toVendor`), back to the main wallet (`fromVendor`), or every vendor wallet
 * back to the main wallet at once (`recycleAll`, each vendor wallet by its own ledger transfer).
 */
export const WalletTransferRequestSchema = z.discriminatedUnion('action', [
  move('toVendor'),
  move('fromVendor'),
  z.object({ action: z.literal('recycleAll'), idempotencyKey: IdempotencyKeySchema }).strict(),
]);
export type WalletTransferRequest = z.input<typeof WalletTransferRequestSchema>;

export const WalletMovementSchema = z.object({
  vendorCode: z.string(),
  direction: z.enum(['toVendor', 'fromVendor']),
  amountMinor: MinorUnitsSchema,
  /** The ledger transfer that moved it (the account record shows it). */
  transferId: z.string(),
});
export type WalletMovement = z.infer<typeof WalletMovementSchema>;

/**
 * What moved, and the wallets right after it: the main wallet and every vendor wallet the
 * member has. A replay (same key, same request) answers exactly this again with `replayed`.
 */
export const WalletTransferResultSchema = CurrencySchema.extend({
  movements: z.array(WalletMovementSchema),
  balanceMinor: MinorUnitsSchema,
  vendorWallets: z.array(VendorWalletSchema),
  replayed: z.boolean(),
});
export type WalletTransferResult = z.infer<typeof WalletTransferResultSchema>;

export const walletTransfer = defineEndpoint({
  method: 'POST',
  path: '/wps/relay/GCS_walletTransfer',
  summary:
    'Move money between the main wallet and a vendor wallet, or recycle every vendor wallet ' +
    '(transfer-wallet merchants; idempotent by idempotencyKey)',
  tag: 'wallet',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  body: WalletTransferRequestSchema,
  value: WalletTransferResultSchema,
  errors: [
    'MERCHANT_NOT_FOUND',
    'UNAUTHORIZED',
    'TRIAL_ACCOUNT_FORBIDDEN',
    'VALIDATION_FAILED',
    'MALFORMED_BODY',
    'MAINTENANCE',
    'ACCOUNT_FROZEN',
    'WALLET_TRANSFER_UNAVAILABLE',
    'VENDOR_WALLET_NOT_FOUND',
    'INSUFFICIENT_BALANCE',
    'IDEMPOTENCY_KEY_REUSED',
  ],
});
