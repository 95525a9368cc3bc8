import { z } from 'zod';
import { EncryptedPayloadSchema } from '../auth/encrypted-payload.ts';
import { REAL_ACCOUNT_ROLES } from '../auth/roles.ts';
import { defineEndpoint } from '../endpoint.ts';
import {
  checkDateRange,
  checkPageDepth,
  dateRangeFields,
  keysetPageFields,
  keysetPageOf,
} from '../paging.ts';
import {
  CurrencySchema,
  IdempotencyKeySchema,
  MinorUnitsSchema,
  PositiveMinorUnitsSchema,
} from '../money.ts';
import { EWalletTypeSchema, PAYEE_ACCOUNT_KINDS, PaymentsIdSchema } from './bank-cards.ts';

import { PaymentPasswordSchema } from './payment-password.ts';

/**
 * Withdrawals (issue 4 item 6; spec section 4, Withdrawal confirmation). A request holds the
 * amount (main wallet -> locked wallet) until an operator pays it (locked -> the house) or
 * rejects it (locked -> main). After payout the member confirms: received, partly received
 * with the amount still missing, or not received with proof images; a withdrawal left
 * unconfirmed past its deadline counts as received and is never refunded.
 */
export const WITHDRAWAL_STATUSES = [
  'pending',
  'rejected',
  'paid',
  'received',
  'partly_received',
  'not_received',
] as const;
export const WithdrawalStatusSchema = z.enum(WITHDRAWAL_STATUSES);
export type WithdrawalStatus = z.infer<typeof WithdrawalStatusSchema>;

export const DISPUTE_STATUSES = ['open', 'refunded', 'dismissed'] as const;
export const DisputeStatusSchema = z.enum(DISPUTE_STATUSES);
export type DisputeStatus = z.infer<typeof DisputeStatusSchema>;

/** The payee as it was when the withdrawal was requested (unbinding later changes nothing). */
export const WithdrawalPayeeSchema = z.object({
  kind: z.enum(PAYEE_ACCOUNT_KINDS),
  bankName: z.string().nullable(),
  walletType: EWalletTypeSchema.nullable(),
  accountName: z.string(),
  accountNumberMasked: z.string(),
});

/** One withdrawal as its member sees it; amounts are in the merchant's currency. */
export const WithdrawalSchema = z.object({
  id: PaymentsIdSchema,
  amountMinor: MinorUnitsSchema,
  status: WithdrawalStatusSchema,
  payee: WithdrawalPayeeSchema,
  requestedAt: z.iso.datetime(),
  /** When an operator paid or rejected it. */
  decidedAt: z.iso.datetime().nullable(),
  /** Why an operator rejected it. */
  rejectReason: z.string().nullable(),
  paidAt: z.iso.datetime().nullable(),
  /** While paid and unconfirmed: when it will count as received. */
  confirmDeadlineAt: z.iso.datetime().nullable(),
  confirmedAt: z.iso.datetime().nullable(),
  /** 'timeout': nobody confirmed in time, so it counts as received (never refunded). */
  confirmedBy: z.enum(['member', 'timeout']).nullable(),
  /** Partly received: the amount the member says is still missing. */
  remainingMinor: MinorUnitsSchema.nullable(),
  proofIds: z.array(PaymentsIdSchema),
  dispute: z
    .object({ status: DisputeStatusSchema, refundedMinor: MinorUnitsSchema.nullable() })
    .nullable(),
});
export type Withdrawal = z.infer<typeof WithdrawalSchema>;

const MEMBER_ERRORS = ['MERCHANT_NOT_FOUND', 'UNAUTHORIZED', 'TRIAL_ACCOUNT_FORBIDDEN'] as const;

/** What the withdrawal page shows before a request: money, limits and turnover. */
export const WithdrawalOptionsSchema = CurrencySchema.extend({
  /** The main wallet: what a withdrawal can take. */
  availableMinor: MinorUnitsSchema,
  /** Held by withdrawals not yet paid or rejected. */
  heldMinor: MinorUnitsSchema,
  minMinor: MinorUnitsSchema,
  maxMinor: MinorUnitsSchema,
  dailyCount: z.number().int().min(0),
  dailyAmountMinor: MinorUnitsSchema,
  usedTodayCount: z.number().int().min(0),
  usedTodayAmountMinor: MinorUnitsSchema,
  turnover: z.object({
    /** The last deposit times the merchant's multiplier (in hundredths: 100 is 1x). */
    requiredMinor: MinorUnitsSchema,
    achievedMinor: MinorUnitsSchema,
    remainingMinor: MinorUnitsSchema,
    multiplierPercent: z.number().int().min(0),
    lastDepositMinor: MinorUnitsSchema.nullable(),
    lastDepositAt: z.iso.datetime().nullable(),
  }),
  paymentPasswordSet: z.boolean(),
  /** Minutes after payout before an unconfirmed withdrawal counts as received (spec section 9). */
  confirmMinutes: z.number().int().positive(),
});
export type WithdrawalOptions = z.infer<typeof WithdrawalOptionsSchema>;

export const getWithdrawalOptions = defineEndpoint({
  method: 'GET',
  path: '/wps/payments/withdrawals/options',
  summary: 'Available balance, limits and remaining turnover for a withdrawal',
  tag: 'payments',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  value: WithdrawalOptionsSchema,
  errors: MEMBER_ERRORS,
});

export const RequestWithdrawalPayloadSchema = z
  .object({
    /** The same key with the same request answers the first result; with another, a refusal. */
    idempotencyKey: IdempotencyKeySchema,
    amountMinor: PositiveMinorUnitsSchema,
    payeeAccountId: PaymentsIdSchema,
    paymentPassword: PaymentPasswordSchema,
  })
  .strict();
export type RequestWithdrawalPayload = z.input<typeof RequestWithdrawalPayloadSchema>;

export const requestWithdrawal = defineEndpoint({
  method: 'POST',
  path: '/wps/payments/withdrawals',
  summary: 'Request a withdrawal (sealed payload): the amount is held until payout or refusal',
  tag: 'payments',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  body: EncryptedPayloadSchema,
  payload: RequestWithdrawalPayloadSchema,
  value: WithdrawalSchema,
  errors: [
    ...MEMBER_ERRORS,
    'VALIDATION_FAILED',
    'MALFORMED_BODY',
    'PAYLOAD_ENCRYPTION_REQUIRED',
    'PAYLOAD_INVALID',
    'PAYLOAD_KEY_UNKNOWN',
    'PAYLOAD_EXPIRED',
    'PAYLOAD_REPLAYED',
    'MAINTENANCE',
    'ACCOUNT_FROZEN',
    'PAYMENT_PASSWORD_NOT_SET',
    'PAYMENT_PASSWORD_WRONG',
    'PAYMENT_PASSWORD_LOCKED',
    'PAYEE_ACCOUNT_NOT_FOUND',
    'WITHDRAWAL_BELOW_MINIMUM',
    'WITHDRAWAL_ABOVE_MAXIMUM',
    'WITHDRAWAL_DAILY_COUNT_REACHED',
    'WITHDRAWAL_DAILY_AMOUNT_REACHED',
    'TURNOVER_NOT_MET',
    'BONUS_WAGERING_OPEN',
    'INSUFFICIENT_BALANCE',
    'IDEMPOTENCY_KEY_REUSED',
  ],
});

/** The records' date pickers (spec section 9): calendar days in the merchant's zone. */
export const FindWithdrawalsQuerySchema = z
  .object({
    ...keysetPageFields,
    ...dateRangeFields,
    status: WithdrawalStatusSchema.optional(),
  })
  .strict()
  .superRefine((query, context) => {
    checkDateRange(query, context);
    checkPageDepth(query, context);
  });
export type FindWithdrawalsQuery = z.input<typeof FindWithdrawalsQuerySchema>;

export const WithdrawalPageSchema = keysetPageOf(WithdrawalSchema).extend(CurrencySchema.shape);
export type WithdrawalPage = z.infer<typeof WithdrawalPageSchema>;

export const findWithdrawals = defineEndpoint({
  method: 'GET',
  path: '/wps/payments/withdrawals',
  summary:
    "The signed-in member's withdrawal records, newest first, by date and status; the next and " +
    'previous pages by the cursors a page hands out, counted up to 10,000 rows',
  tag: 'payments',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  query: FindWithdrawalsQuerySchema,
  value: WithdrawalPageSchema,
  errors: ['RULES_NOT_MET', ...MEMBER_ERRORS, 'VALIDATION_FAILED'],
});

export const WithdrawalParamsSchema = z.object({ withdrawalId: PaymentsIdSchema });

export const getWithdrawal = defineEndpoint({
  method: 'GET',
  path: '/wps/payments/withdrawals/:withdrawalId',
  summary: 'One withdrawal of the signed-in member',
  tag: 'payments',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  params: WithdrawalParamsSchema,
  value: WithdrawalSchema,
  errors: [...MEMBER_ERRORS, 'VALIDATION_FAILED', 'WITHDRAWAL_NOT_FOUND'],
});

/** Proof images: PNG or JPEG by content, up to 5 MB each, up to 3 (spec sections 5 and 9). */
export const PROOF_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PROOF_IMAGE_MAX_COUNT = 3;
export const PROOF_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
const PROOF_IMAGE_MAX_BASE64 = Math.ceil(PROOF_IMAGE_MAX_BYTES / 3) * 4;

/** One image as base64 (no data: prefix); its bytes are judged by content on the server. */
export const ProofImageSchema = z
  .string()
  .min(4)
  .max(PROOF_IMAGE_MAX_BASE64, 'at most 5 MB')
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'base64');

export const ConfirmWithdrawalBodySchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('received') }).strict(),
  z
    .object({ outcome: z.literal('partly_received'), remainingMinor: PositiveMinorUnitsSchema })
    .strict(),
  z
    .object({
      outcome: z.literal('not_received'),
      proofImages: z.array(ProofImageSchema).min(1).max(PROOF_IMAGE_MAX_COUNT),
    })
    .strict(),
]);
export type ConfirmWithdrawalBody = z.input<typeof ConfirmWithdrawalBodySchema>;

/**
 * Confirming twice the same way answers the withdrawal as it stands; another answer after the
 * first is refused.
 */
export const confirmWithdrawal = defineEndpoint({
  method: 'POST',
  path: '/wps/payments/withdrawals/:withdrawalId/confirmation',
  summary: 'Confirm a paid withdrawal: received, partly received, or not received with proof',
  tag: 'payments',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  params: WithdrawalParamsSchema,
  body: ConfirmWithdrawalBodySchema,
  // Three base64 images of 5 MB and the JSON around them.
  bodyLimitBytes: PROOF_IMAGE_MAX_COUNT * PROOF_IMAGE_MAX_BASE64 + 64 * 1024,
  value: WithdrawalSchema,
  errors: [
    ...MEMBER_ERRORS,
    'VALIDATION_FAILED',
    'MALFORMED_BODY',
    'PAYLOAD_TOO_LARGE',
    'WITHDRAWAL_NOT_FOUND',
    'WITHDRAWAL_NOT_CONFIRMABLE',
    'WITHDRAWAL_REMAINING_OUT_OF_RANGE',
    'PROOF_IMAGE_INVALID',
  ],
});

export const ProofImageDataSchema = z.object({
  contentType: z.enum(PROOF_IMAGE_TYPES),
  dataBase64: z.string(),
});
export type ProofImageData = z.infer<typeof ProofImageDataSchema>;

export const WithdrawalProofParamsSchema = WithdrawalParamsSchema.extend({
  proofId: PaymentsIdSchema,
});

export const getWithdrawalProof = defineEndpoint({
  method: 'GET',
  path: '/wps/payments/withdrawals/:withdrawalId/proofs/:proofId',
  summary: "One proof image of the signed-in member's withdrawal",
  tag: 'payments',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  params: WithdrawalProofParamsSchema,
  value: ProofImageDataSchema,
  errors: [...MEMBER_ERRORS, 'VALIDATION_FAILED', 'WITHDRAWAL_NOT_FOUND'],
});
