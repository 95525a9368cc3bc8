import { z } from 'zod';
import { REAL_ACCOUNT_ROLES } from '../auth/roles.ts';
import { EncryptedPayloadSchema } from '../auth/encrypted-payload.ts';
import { defineEndpoint } from '../endpoint.ts';
import { PaymentPasswordSchema } from './payment-password.ts';

/**
 * Payee accounts (issue 4 item 6): the bank cards and e-wallets a member binds in the member
 * centre, where withdrawals are paid. Account numbers leave the server masked; only operators
 * paying a withdrawal see them whole.
 */
export const E_WALLET_TYPES = [
  'TRUEMONEY',
  'PROMPTPAY',
  'GCASH',
  'MOMO',
  'ZALOPAY',
  'ALIPAY',
  'WECHAT',
  'USDT_TRC20',
] as const;
export const EWalletTypeSchema = z.enum(E_WALLET_TYPES);
export type EWalletType = z.infer<typeof EWalletTypeSchema>;

export const PAYEE_ACCOUNT_KINDS = ['bank', 'ewallet'] as const;
export type PayeeAccountKind = (typeof PAYEE_ACCOUNT_KINDS)[number];

/** Letters of any script, spaces, dots, apostrophes and hyphens: a person's or a bank's name. */
// Two characters at least, the last not a space; the document reads it before trimming.
const NAME = /^\s*[\p{L}\p{M}][\p{L}\p{M} .'-]*[\p{L}\p{M}.'-]\s*$/u;
export const PayeeNameSchema = z.string().trim().min(2).max(50).regex(NAME, 'a name');
export const BankNameSchema = z.string().trim().min(2).max(60).regex(NAME, 'a bank name');
/** Digits only: the site strips spaces and hyphens before sending. */
export const BankAccountNumberSchema = z.string().regex(/^[0-9]{6,24}$/, '6 to 24 digits');
/** A phone number, an e-mail address or a wallet address. */
export const EWalletIdSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9@._+-]{4,64}$/, 'a wallet id');

export const PayeeAccountSchema = z.object({
  id: z.string().regex(/^[1-9][0-9]*$/),
  kind: z.enum(PAYEE_ACCOUNT_KINDS),
  /** The bank of a bank card; null for an e-wallet. */
  bankName: z.string().nullable(),
  /** The e-wallet's type; null for a bank card. */
  walletType: EWalletTypeSchema.nullable(),
  accountName: z.string(),
  /** The account number or wallet id with all but its last 4 characters hidden. */
  accountNumberMasked: z.string(),
  createdAt: z.iso.datetime(),
});
export type PayeeAccount = z.infer<typeof PayeeAccountSchema>;

export const PayeeAccountListSchema = z.object({
  accounts: z.array(PayeeAccountSchema),
  maxBankCards: z.number().int().min(0),
  maxEWallets: z.number().int().min(0),
  /** The payee name on the member's profile: a new account's name must match it when set. */
  payeeName: z.string().nullable(),
});
export type PayeeAccountList = z.infer<typeof PayeeAccountListSchema>;

const MEMBER_ERRORS = ['MERCHANT_NOT_FOUND', 'UNAUTHORIZED', 'TRIAL_ACCOUNT_FORBIDDEN'] as const;
const SEALED_ERRORS = [
  ...MEMBER_ERRORS,
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
] as const;

export const findPayeeAccounts = defineEndpoint({
  method: 'GET',
  path: '/wps/payments/payee-accounts',
  summary: "The signed-in member's bank cards and e-wallets, masked, with the limits",
  tag: 'payments',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  value: PayeeAccountListSchema,
  errors: MEMBER_ERRORS,
});

/** Binding proves the payment password, so a borrowed session cannot add where money goes. */
export const BindBankCardPayloadSchema = z
  .object({
    bankName: BankNameSchema,
    accountName: PayeeNameSchema,
    accountNumber: BankAccountNumberSchema,
    paymentPassword: PaymentPasswordSchema,
  })
  .strict();
export type BindBankCardPayload = z.input<typeof BindBankCardPayloadSchema>;

const BIND_ERRORS = [
  ...SEALED_ERRORS,
  'PAYEE_ACCOUNT_LIMIT_REACHED',
  'PAYEE_NAME_MISMATCH',
  'PAYEE_ACCOUNT_DUPLICATE',
] as const;

export const bindBankCard = defineEndpoint({
  method: 'POST',
  path: '/wps/payments/payee-accounts/bank-cards',
  summary: 'Bind a bank card (sealed payload with the payment password)',
  tag: 'payments',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  body: EncryptedPayloadSchema,
  payload: BindBankCardPayloadSchema,
  value: PayeeAccountSchema,
  errors: BIND_ERRORS,
});

export const BindEWalletPayloadSchema = z
  .object({
    walletType: EWalletTypeSchema,
    walletId: EWalletIdSchema,
    accountName: PayeeNameSchema,
    paymentPassword: PaymentPasswordSchema,
  })
  .strict();
export type BindEWalletPayload = z.input<typeof BindEWalletPayloadSchema>;

export const bindEWallet = defineEndpoint({
  method: 'POST',
  path: '/wps/payments/payee-accounts/e-wallets',
  summary: 'Bind an e-wallet (sealed payload with the payment password)',
  tag: 'payments',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  body: EncryptedPayloadSchema,
  payload: BindEWalletPayloadSchema,
  value: PayeeAccountSchema,
  errors: BIND_ERRORS,
});

/** Ids of payee accounts, withdrawals, proofs and disputes: bigint identities as digits. */
export const PaymentsIdSchema = z.string().regex(/^[1-9][0-9]{0,17}$/, 'an id');

export const PayeeAccountParamsSchema = z.object({ accountId: PaymentsIdSchema });

export const UnbindPayeeAccountPayloadSchema = z
  .object({ paymentPassword: PaymentPasswordSchema })
  .strict();
export type UnbindPayeeAccountPayload = z.input<typeof UnbindPayeeAccountPayloadSchema>;

/** Withdrawals already requested keep the payee details they were made with. */
export const unbindPayeeAccount = defineEndpoint({
  method: 'POST',
  path: '/wps/payments/payee-accounts/:accountId/unbind',
  summary: 'Unbind a bank card or e-wallet (sealed payload with the payment password)',
  tag: 'payments',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  params: PayeeAccountParamsSchema,
  body: EncryptedPayloadSchema,
  payload: UnbindPayeeAccountPayloadSchema,
  value: z.object({ unbound: z.literal(true) }),
  errors: [...SEALED_ERRORS, 'PAYEE_ACCOUNT_NOT_FOUND'],
});
