import { z } from 'zod';
import { REAL_ACCOUNT_ROLES } from '../auth/roles.ts';
import { defineEndpoint } from '../endpoint.ts';
import {
  CurrencySchema,
  IdempotencyKeySchema,
  MinorUnitsSchema,
  PositiveMinorUnitsSchema,
} from '../money.ts';
import {
  checkDateRange,
  checkPageDepth,
  dateRangeFields,
  keysetPageFields,
  keysetPageOf,
} from '../paging.ts';
import { PaymentChannelKindSchema } from './deposit-channels.ts';
import { shownText } from '../text.ts';

/**
 * Where a deposit stands: waiting for an operator or for the gateway (pending), credited to the
 * main wallet (approved), refused by an operator (rejected, with a reason), or failed at the
 * gateway. Only pending moves, and only once.
 */
export const DepositStatusSchema = z.enum(['pending', 'approved', 'rejected', 'failed']);
export type DepositStatus = z.infer<typeof DepositStatusSchema>;

/** One deposit as its member sees it in the deposit records. */
export const DepositRecordSchema = z.object({
  id: z.string().regex(/^[1-9][0-9]*$/),
  status: DepositStatusSchema,
  channelKind: PaymentChannelKindSchema,
  channelName: z.string(),
  amountMinor: MinorUnitsSchema,
  payerName: z.string().nullable(),
  /** What the member wrote as the transfer's reference (bank transfer), or null. */
  reference: z.string().nullable(),
  /** Why an operator rejected it. */
  rejectReason: z.string().nullable(),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
});
export type DepositRecord = z.infer<typeof DepositRecordSchema>;

export const CreateDepositRequestSchema = z
  .object({
    channelId: z.number().int().positive().max(2_147_483_647),
    amountMinor: PositiveMinorUnitsSchema,
    /** Bank transfer: the name on the account that paid, so the operator can match it. */
    payerName: shownText(64, { min: 1, trim: true }).optional(),
    /** Bank transfer: the reference or note of the transfer, as on the slip. */
    reference: shownText(64, { min: 1, trim: true }).optional(),
    idempotencyKey: IdempotencyKeySchema,
  })
  .strict();
export type CreateDepositRequest = z.infer<typeof CreateDepositRequestSchema>;

export const CreatedDepositSchema = z.object({
  deposit: DepositRecordSchema,
  /** Gateway channels: the checkout page to send the member to; null for bank transfer. */
  checkoutUrl: z.url().nullable(),
});
export type CreatedDeposit = z.infer<typeof CreatedDepositSchema>;

/**
 * Asks to deposit. A bank transfer records a pending deposit for an operator to approve once
 * the money is seen; a gateway channel opens a payment and answers its checkout address. No
 * money moves here. The same idempotency key with the same request answers the first result;
 * with another request it is refused.
 */
export const createDeposit = defineEndpoint({
  method: 'POST',
  path: '/wps/payments/deposits',
  summary: 'Ask to deposit through a channel (bank transfer or gateway checkout)',
  tag: 'payments',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  body: CreateDepositRequestSchema,
  value: CreatedDepositSchema,
  errors: [
    'MERCHANT_NOT_FOUND',
    'UNAUTHORIZED',
    'TRIAL_ACCOUNT_FORBIDDEN',
    'FORBIDDEN',
    'VALIDATION_FAILED',
    'MALFORMED_BODY',
    'MAINTENANCE',
    'ACCOUNT_FROZEN',
    'IDEMPOTENCY_KEY_REUSED',
    'DEPOSIT_CHANNEL_NOT_FOUND',
    'DEPOSIT_AMOUNT_OUT_OF_RANGE',
    'DEPOSIT_PAYER_NAME_REQUIRED',
    'PAYMENT_GATEWAY_UNAVAILABLE',
  ],
});

/**
 * Where the gateway's checkout sends the member back: the deposit records of the member centre
 * (spec section 2). The server builds the gateway's return address with it.
 */
export const DEPOSIT_RETURN_PATH = '/member?tab=deposit&view=records';

/**
 * The member's deposit records: pages of 20 by default, filtered by calendar days and status;
 * the next and previous pages by cursor (decision 016).
 */
export const FindDepositsQuerySchema = z
  .object({
    ...keysetPageFields,
    ...dateRangeFields,
    status: DepositStatusSchema.optional(),
  })
  .strict()
  .superRefine((query, context) => {
    checkDateRange(query, context);
    checkPageDepth(query, context);
  });
export type FindDepositsQuery = z.input<typeof FindDepositsQuerySchema>;

export const DepositPageSchema = keysetPageOf(DepositRecordSchema).extend(CurrencySchema.shape);
export type DepositPage = z.infer<typeof DepositPageSchema>;

/** The member's deposit records (issue 4 item 8), newest first. */
export const findDeposits = defineEndpoint({
  method: 'GET',
  path: '/wps/payments/deposits',
  summary:
    "The signed-in member's deposit records, newest first, by page, date range and status; the " +
    'next and previous pages by the cursors a page hands out, counted up to 10,000 rows',
  tag: 'payments',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  query: FindDepositsQuerySchema,
  value: DepositPageSchema,
  errors: [
    'RULES_NOT_MET',
    'MERCHANT_NOT_FOUND',
    'UNAUTHORIZED',
    'TRIAL_ACCOUNT_FORBIDDEN',
    'FORBIDDEN',
    'VALIDATION_FAILED',
  ],
});
