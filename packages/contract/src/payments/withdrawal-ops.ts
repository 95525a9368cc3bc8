import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { checkPageDepth, keysetPageFields, keysetPageOf } from '../paging.ts';
import { MinorUnitsSchema, PositiveMinorUnitsSchema } from '../money.ts';
import { EWalletTypeSchema, PAYEE_ACCOUNT_KINDS, PaymentsIdSchema } from './bank-cards.ts';
import { CurrencySchema } from '../money.ts';
import {
  DisputeStatusSchema,
  ProofImageDataSchema,
  WithdrawalSchema,
  WithdrawalStatusSchema,
} from './withdrawal.ts';
import { OperatorReasonSchema } from '../text.ts';

const DIGITS = /^[0-9]{1,19}$/;
// Typed as strings, but a refinement may see whatever the client sent.
const isDigits = (value: unknown): value is string =>
  typeof value === 'string' && DIGITS.test(value);

/**
 * The operator side of withdrawals (issue 4 item 9): review (pay or reject), disputes raised by
 * members after payout, proof images and the merchant's withdrawal settings. Every change is
 * audit-logged in its own transaction with who, when and why.
 */
const MerchantParamsSchema = z.object({ merchantCode: z.string().regex(/^[a-z0-9-]{2,32}$/) });
const WithdrawalParamsSchema = MerchantParamsSchema.extend({ withdrawalId: PaymentsIdSchema });

/** What an operator sees: the member and the whole account number, to pay it. */
export const OpsWithdrawalSchema = WithdrawalSchema.extend({
  memberId: PaymentsIdSchema,
  username: z.string(),
  payeeAccountNumber: z.string(),
  decidedBy: z.string().nullable(),
  /** The operator's reason for paying or rejecting (the member sees it only on a rejection). */
  decisionReason: z.string().nullable(),
});
export type OpsWithdrawal = z.infer<typeof OpsWithdrawalSchema>;

export const OpsWithdrawalPageSchema = keysetPageOf(OpsWithdrawalSchema).extend(
  CurrencySchema.shape,
);

const OPS_ERRORS = ['UNAUTHORIZED', 'NOT_FOUND', 'VALIDATION_FAILED'] as const;

export const findOpsWithdrawals = defineEndpoint({
  method: 'GET',
  path: '/ops/merchants/:merchantCode/withdrawals',
  summary:
    'Withdrawals of a merchant of one status, oldest first (operators); the next and previous ' +
    'pages by cursor, counted up to 10,000 rows',
  tag: 'ops',
  auth: 'operator',
  params: MerchantParamsSchema,
  query: z
    .object({
      status: WithdrawalStatusSchema.default('pending'),
      ...keysetPageFields,
    })
    .strict()
    .superRefine(checkPageDepth),
  value: OpsWithdrawalPageSchema,
  errors: ['RULES_NOT_MET', ...OPS_ERRORS],
});

/** Paying twice is impossible: a second approval answers the paid withdrawal unchanged. */
export const approveWithdrawal = defineEndpoint({
  method: 'POST',
  path: '/ops/merchants/:merchantCode/withdrawals/:withdrawalId/approve',
  summary: 'Approve and pay a pending withdrawal: held money leaves to the house (audit-logged)',
  tag: 'ops',
  auth: 'operator',
  params: WithdrawalParamsSchema,
  body: z.object({ reason: OperatorReasonSchema }).strict(),
  value: OpsWithdrawalSchema,
  errors: [
    ...OPS_ERRORS,
    'MALFORMED_BODY',
    'WITHDRAWAL_NOT_FOUND',
    'WITHDRAWAL_ALREADY_REVIEWED',
    'ACCOUNT_FROZEN',
  ],
});

export const rejectWithdrawal = defineEndpoint({
  method: 'POST',
  path: '/ops/merchants/:merchantCode/withdrawals/:withdrawalId/reject',
  summary:
    'Reject a pending withdrawal with a reason the member sees: held money returns (audit-logged)',
  tag: 'ops',
  auth: 'operator',
  params: WithdrawalParamsSchema,
  body: z.object({ reason: OperatorReasonSchema }).strict(),
  value: OpsWithdrawalSchema,
  errors: [
    ...OPS_ERRORS,
    'MALFORMED_BODY',
    'WITHDRAWAL_NOT_FOUND',
    'WITHDRAWAL_ALREADY_REVIEWED',
    'ACCOUNT_FROZEN',
  ],
});

export const getOpsWithdrawalProof = defineEndpoint({
  method: 'GET',
  path: '/ops/merchants/:merchantCode/withdrawals/:withdrawalId/proofs/:proofId',
  summary: "A member's proof image for a withdrawal not received (operators)",
  tag: 'ops',
  auth: 'operator',
  params: WithdrawalParamsSchema.extend({ proofId: PaymentsIdSchema }),
  value: ProofImageDataSchema,
  errors: [...OPS_ERRORS, 'WITHDRAWAL_NOT_FOUND'],
});

export const WithdrawalDisputeSchema = z.object({
  id: PaymentsIdSchema,
  withdrawalId: PaymentsIdSchema,
  memberId: PaymentsIdSchema,
  username: z.string(),
  kind: z.enum(['partly_received', 'not_received']),
  amountMinor: MinorUnitsSchema,
  /** What the member says did not arrive: the remaining amount, or all of it. */
  missingMinor: MinorUnitsSchema,
  proofIds: z.array(PaymentsIdSchema),
  status: DisputeStatusSchema,
  openedAt: z.iso.datetime(),
  resolvedAt: z.iso.datetime().nullable(),
  refundedMinor: MinorUnitsSchema.nullable(),
  payee: z.object({
    kind: z.enum(PAYEE_ACCOUNT_KINDS),
    bankName: z.string().nullable(),
    walletType: EWalletTypeSchema.nullable(),
    accountName: z.string(),
    accountNumber: z.string(),
  }),
});
export type WithdrawalDispute = z.infer<typeof WithdrawalDisputeSchema>;

export const findWithdrawalDisputes = defineEndpoint({
  method: 'GET',
  path: '/ops/merchants/:merchantCode/withdrawal-disputes',
  summary: "Members' 'partly received' and 'not received' answers, open ones first (operators)",
  tag: 'ops',
  auth: 'operator',
  params: MerchantParamsSchema,
  query: z.object({ status: DisputeStatusSchema.optional() }).strict(),
  value: CurrencySchema.extend({ list: z.array(WithdrawalDisputeSchema) }),
  errors: OPS_ERRORS,
});

/** A refund pays back to the main wallet what did not arrive (at most the missing amount). */
export const resolveWithdrawalDispute = defineEndpoint({
  method: 'POST',
  path: '/ops/merchants/:merchantCode/withdrawal-disputes/:disputeId/resolve',
  summary: 'Close a withdrawal dispute: refund what did not arrive, or dismiss (audit-logged)',
  tag: 'ops',
  auth: 'operator',
  params: MerchantParamsSchema.extend({ disputeId: PaymentsIdSchema }),
  body: z.discriminatedUnion('outcome', [
    z
      .object({
        outcome: z.literal('refund'),
        refundMinor: PositiveMinorUnitsSchema,
        reason: OperatorReasonSchema,
      })
      .strict(),
    z.object({ outcome: z.literal('dismiss'), reason: OperatorReasonSchema }).strict(),
  ]),
  value: WithdrawalDisputeSchema,
  errors: [
    ...OPS_ERRORS,
    'MALFORMED_BODY',
    'WITHDRAWAL_DISPUTE_NOT_FOUND',
    'WITHDRAWAL_DISPUTE_CLOSED',
    'WITHDRAWAL_REMAINING_OUT_OF_RANGE',
  ],
});

/** A merchant's withdrawal rules; amounts in minor units of its currency. */
export const WithdrawalSettingsSchema = z
  .object({
    minAmountMinor: PositiveMinorUnitsSchema,
    maxAmountMinor: PositiveMinorUnitsSchema,
    dailyCount: z.number().int().min(1).max(1000),
    dailyAmountMinor: PositiveMinorUnitsSchema,
    /** Turnover needed before a withdrawal, in hundredths of the last deposit (100 is 1x). */
    turnoverMultiplierPercent: z.number().int().min(0).max(100_000),
    /** Minutes after payout before an unconfirmed withdrawal counts as received. */
    confirmMinutes: z
      .number()
      .int()
      .min(1)
      .max(60 * 24 * 30),
    maxBankCards: z.number().int().min(0).max(20),
    maxEWallets: z.number().int().min(0).max(20),
    /** Wrong payment passwords before a lock, and the first lock's length (it doubles). */
    paymentPasswordLockAfter: z.number().int().min(1).max(100),
    paymentPasswordLockMinutes: z
      .number()
      .int()
      .min(1)
      .max(24 * 60),
  })
  .strict();
export type WithdrawalSettings = z.infer<typeof WithdrawalSettingsSchema>;

export const getWithdrawalSettings = defineEndpoint({
  method: 'GET',
  path: '/ops/merchants/:merchantCode/withdrawal-settings',
  summary: 'Withdrawal limits, turnover, confirmation time and payee rules of a merchant',
  tag: 'ops',
  auth: 'operator',
  params: MerchantParamsSchema,
  value: WithdrawalSettingsSchema,
  errors: OPS_ERRORS,
});

export const putWithdrawalSettings = defineEndpoint({
  method: 'PUT',
  path: '/ops/merchants/:merchantCode/withdrawal-settings',
  summary: 'Change the withdrawal settings of a merchant (operators; audit-logged)',
  tag: 'ops',
  auth: 'operator',
  params: MerchantParamsSchema,
  body: WithdrawalSettingsSchema.extend({ reason: OperatorReasonSchema })
    .strict()
    // Zod runs this even when a field failed its own check: compare only two valid amounts.
    .refine(
      (body) =>
        !isDigits(body.minAmountMinor as unknown) ||
        !isDigits(body.maxAmountMinor as unknown) ||
        BigInt(body.minAmountMinor) <= BigInt(body.maxAmountMinor),
      {
        message: 'the minimum is above the maximum',
        path: ['minAmountMinor'],
        params: { code: 'RULES_NOT_MET' },
      },
    ),
  value: WithdrawalSettingsSchema,
  errors: ['RULES_NOT_MET', ...OPS_ERRORS, 'MALFORMED_BODY'],
});
