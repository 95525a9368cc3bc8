import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { CurrencySchema, IdempotencyKeySchema, MinorUnitsSchema, uptoPattern } from '../money.ts';
import { MAX_TRANSFER_MINOR, TransferAmountMinorSchema } from '../wallet/amount.ts';
import { OperatorReasonSchema, UsernameTextSchema } from '../text.ts';

const MerchantParamsSchema = z.object({ merchantCode: z.string().regex(/^[a-z0-9-]{2,32}$/) });
const MemberParamsSchema = MerchantParamsSchema.extend({
  username: UsernameTextSchema,
});

/** Why the operator acts: written to the audit log with the change. */

/**
 * The play money a new trial account starts with (issue 29 item 5, decision 017): minor units
 * from 0 (trials get none) to the largest transfer.
 */
export const TrialPlayMoneyMinorSchema = z
  .string()
  .regex(uptoPattern(MAX_TRANSFER_MINOR), 'minor units from 0 to the largest transfer');

/**
 * A merchant's wallet settings (spec section 3, Merchant wallet): single wallet (vendors use
 * the main wallet) or transfer wallet (a wallet per vendor), whether the agent policy is on
 * (consolidated funds, spec section 7), and the play money of a new trial account.
 */
export const MerchantWalletSettingsSchema = z.object({
  isSingle: z.boolean(),
  agentPolicyEnabled: z.boolean(),
  trialPlayMoneyMinor: TrialPlayMoneyMinorSchema,
});
export type MerchantWalletSettings = z.infer<typeof MerchantWalletSettingsSchema>;

/** One of a member's wallets, as an operator sees it. */
export const OpsMemberWalletSchema = z.object({
  kind: z.enum(['main', 'bonus', 'locked', 'vendor']),
  vendorCode: z.string().nullable(),
  balanceMinor: MinorUnitsSchema,
  frozen: z.boolean(),
});

/** A member's wallets and whether an operator froze the member. */
export const OpsMemberWalletsSchema = CurrencySchema.extend({
  username: z.string(),
  frozen: z.boolean(),
  wallets: z.array(OpsMemberWalletSchema),
});
export type OpsMemberWallets = z.infer<typeof OpsMemberWalletsSchema>;

export const BalanceAdjustmentRequestSchema = z
  .object({
    /** credit adds to the member's main wallet, debit takes from it (the house adjustment account is the other side). */
    direction: z.enum(['credit', 'debit']),
    amountMinor: TransferAmountMinorSchema,
    reason: OperatorReasonSchema,
    idempotencyKey: IdempotencyKeySchema,
  })
  .strict();
export type BalanceAdjustmentRequest = z.input<typeof BalanceAdjustmentRequestSchema>;

export const BalanceAdjustmentSchema = CurrencySchema.extend({
  transferId: z.string(),
  direction: z.enum(['credit', 'debit']),
  amountMinor: MinorUnitsSchema,
  /** The member's main wallet right after the adjustment. */
  balanceMinor: MinorUnitsSchema,
  replayed: z.boolean(),
});
export type BalanceAdjustment = z.infer<typeof BalanceAdjustmentSchema>;

const OPS_ERRORS = ['UNAUTHORIZED', 'NOT_FOUND', 'VALIDATION_FAILED', 'MALFORMED_BODY'] as const;

export const getMerchantWalletSettings = defineEndpoint({
  method: 'GET',
  path: '/ops/merchants/:merchantCode/wallet',
  summary: 'Wallet mode, agent policy and trial play money of a merchant (operators)',
  tag: 'ops',
  auth: 'operator',
  params: MerchantParamsSchema,
  value: MerchantWalletSettingsSchema,
  errors: OPS_ERRORS,
});

export const putMerchantWalletSettings = defineEndpoint({
  method: 'PUT',
  path: '/ops/merchants/:merchantCode/wallet',
  summary:
    'Change the wallet mode, agent policy and trial play money of a merchant (operators; audit-logged)',
  tag: 'ops',
  auth: 'operator',
  params: MerchantParamsSchema,
  // The play money came after the other two: a change without it keeps the merchant's amount.
  body: MerchantWalletSettingsSchema.extend({
    trialPlayMoneyMinor: TrialPlayMoneyMinorSchema.optional(),
    reason: OperatorReasonSchema,
  }).strict(),
  value: MerchantWalletSettingsSchema,
  errors: OPS_ERRORS,
});

export const getMemberWallets = defineEndpoint({
  method: 'GET',
  path: '/ops/merchants/:merchantCode/members/:username/wallets',
  summary: "A member's wallets, balances and frozen state (operators)",
  tag: 'ops',
  auth: 'operator',
  params: MemberParamsSchema,
  value: OpsMemberWalletsSchema,
  errors: OPS_ERRORS,
});

export const adjustMemberBalance = defineEndpoint({
  method: 'POST',
  path: '/ops/merchants/:merchantCode/members/:username/adjustments',
  summary:
    "Credit or debit a member's main wallet against the house adjustment account, with a " +
    'reason (operators; audit-logged; idempotent by idempotencyKey)',
  tag: 'ops',
  auth: 'operator',
  params: MemberParamsSchema,
  body: BalanceAdjustmentRequestSchema,
  value: BalanceAdjustmentSchema,
  errors: [...OPS_ERRORS, 'INSUFFICIENT_BALANCE', 'ACCOUNT_FROZEN', 'IDEMPOTENCY_KEY_REUSED'],
});

export const setMemberFrozen = defineEndpoint({
  method: 'PUT',
  path: '/ops/merchants/:merchantCode/members/:username/freeze',
  summary:
    'Freeze or unfreeze a member: frozen, it cannot bet, deposit, withdraw or transfer, yet ' +
    'still receives wins and rollbacks (operators; audit-logged)',
  tag: 'ops',
  auth: 'operator',
  params: MemberParamsSchema,
  body: z.object({ frozen: z.boolean(), reason: OperatorReasonSchema }).strict(),
  value: OpsMemberWalletsSchema,
  errors: OPS_ERRORS,
});
