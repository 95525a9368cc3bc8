import { z } from 'zod';
import { EncryptedPayloadSchema } from '../auth/encrypted-payload.ts';
import { REAL_ACCOUNT_ROLES } from '../auth/roles.ts';
import { defineEndpoint } from '../endpoint.ts';
import { CurrencySchema, IdempotencyKeySchema, MinorUnitsSchema } from '../money.ts';
import { TransferAmountMinorSchema } from './amount.ts';
import { PaymentPasswordSchema } from '../payments/payment-password.ts';
import { UsernameTextSchema } from '../text.ts';

/** The other member of a transfer, as the sender may see it. */
export const TransferPartySchema = z.object({
  account: z.string(),
  nickname: z.string(),
});
export type TransferParty = z.infer<typeof TransferPartySchema>;

/** Who a transfer to upline goes to: the member's direct upline, or null without one. */
export const UplineTransferInfoSchema = z.object({ upline: TransferPartySchema.nullable() });
export type UplineTransferInfo = z.infer<typeof UplineTransferInfoSchema>;

/**
 * The member confirms a transfer with its payment password (issue 4 item 6), so a borrowed
 * session alone cannot send money away; the payload is sealed like every other password.
 */
const confirmation = {
  amountMinor: TransferAmountMinorSchema,
  paymentPassword: PaymentPasswordSchema,
  idempotencyKey: IdempotencyKeySchema,
};

export const UplineTransferPayloadSchema = z.object(confirmation).strict();
export type UplineTransferPayload = z.input<typeof UplineTransferPayloadSchema>;

export const DownlineTransferPayloadSchema = z
  .object({
    /** The downline's account name: a member of the agent's own subtree. */
    downline: UsernameTextSchema,
    ...confirmation,
  })
  .strict();
export type DownlineTransferPayload = z.input<typeof DownlineTransferPayloadSchema>;

/** The transfer made (or, with `replayed`, the one an earlier request with the key made). */
export const MemberTransferResultSchema = CurrencySchema.extend({
  transferId: z.string(),
  amountMinor: MinorUnitsSchema,
  recipient: TransferPartySchema,
  /** The sender's main wallet right after the transfer. */
  balanceMinor: MinorUnitsSchema,
  replayed: z.boolean(),
});
export type MemberTransferResult = z.infer<typeof MemberTransferResultSchema>;

const TRANSFER_ERRORS = [
  'MERCHANT_NOT_FOUND',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'TRIAL_ACCOUNT_FORBIDDEN',
  'VALIDATION_FAILED',
  'MALFORMED_BODY',
  'PAYLOAD_ENCRYPTION_REQUIRED',
  'PAYLOAD_INVALID',
  'PAYLOAD_KEY_UNKNOWN',
  'PAYLOAD_EXPIRED',
  'PAYLOAD_REPLAYED',
  'PAYMENT_PASSWORD_NOT_SET',
  'PAYMENT_PASSWORD_WRONG',
  'PAYMENT_PASSWORD_LOCKED',
  'MAINTENANCE',
  'ACCOUNT_FROZEN',
  'INSUFFICIENT_BALANCE',
  'IDEMPOTENCY_KEY_REUSED',
] as const;

export const getUplineTransferInfo = defineEndpoint({
  method: 'GET',
  path: '/wps/member/transfer/upline',
  summary: 'Who a transfer to upline goes to (the direct upline, or null)',
  tag: 'wallet',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  value: UplineTransferInfoSchema,
  errors: ['MERCHANT_NOT_FOUND', 'UNAUTHORIZED', 'TRIAL_ACCOUNT_FORBIDDEN'],
});

export const transferToUpline = defineEndpoint({
  method: 'POST',
  path: '/wps/member/transfer/upline',
  summary:
    'Transfer from the main wallet to the direct upline (sealed, with the payment password; ' +
    'idempotent by idempotencyKey)',
  tag: 'wallet',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  body: EncryptedPayloadSchema,
  payload: UplineTransferPayloadSchema,
  value: MemberTransferResultSchema,
  errors: [...TRANSFER_ERRORS, 'NO_UPLINE'],
});

export const transferToDownline = defineEndpoint({
  method: 'POST',
  path: '/wps/agent/transfer/downline',
  summary:
    "Transfer from an agent's main wallet to a member of its own subtree (agents only; " +
    'sealed, with the payment password; idempotent by idempotencyKey)',
  tag: 'wallet',
  auth: 'member',
  roles: ['agent'],
  body: EncryptedPayloadSchema,
  payload: DownlineTransferPayloadSchema,
  value: MemberTransferResultSchema,
  errors: [...TRANSFER_ERRORS, 'RECIPIENT_NOT_FOUND', 'TRANSFER_TO_SELF'],
});
