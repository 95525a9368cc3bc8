import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { CurrencySchema } from '../money.ts';
import { checkPageDepth, keysetPageFields, keysetPageOf } from '../paging.ts';
import { DepositRecordSchema, DepositStatusSchema } from './deposits.ts';
import { OperatorReasonSchema } from '../text.ts';

const MerchantCodeSchema = z.string().regex(/^[a-z0-9-]{2,32}$/);

/** One deposit as an operator reviews it: the member's record with who asked and what paid it. */
export const OpsDepositSchema = DepositRecordSchema.extend({
  memberId: z.string(),
  username: z.string(),
  channelId: z.number().int(),
  /** Gateway deposits: the gateway's id of the payment, once it answered. */
  gatewayPaymentId: z.string().nullable(),
  /** The ledger transfer that credited it (approved only). */
  transferId: z.string().nullable(),
  decidedBy: z.string().nullable(),
});
export type OpsDeposit = z.infer<typeof OpsDepositSchema>;

export const findOpsDeposits = defineEndpoint({
  method: 'GET',
  path: '/ops/merchants/:merchantCode/deposits',
  summary:
    "A merchant's deposits of one status, the pending queue oldest first, the others newest " +
    'first (operators); the next and previous pages by cursor, counted up to 10,000 rows',
  tag: 'ops',
  auth: 'operator',
  params: z.object({ merchantCode: MerchantCodeSchema }),
  query: z
    .object({ ...keysetPageFields, status: DepositStatusSchema.default('pending') })
    .strict()
    .superRefine(checkPageDepth),
  value: keysetPageOf(OpsDepositSchema).extend(CurrencySchema.shape),
  errors: ['RULES_NOT_MET', 'UNAUTHORIZED', 'NOT_FOUND', 'VALIDATION_FAILED'],
});

const DepositParamsSchema = z.object({
  merchantCode: MerchantCodeSchema,
  depositId: z.string().regex(/^[1-9][0-9]{0,17}$/, 'a deposit id'),
});

const DecisionBodySchema = z.object({ reason: OperatorReasonSchema }).strict();

// What approving and rejecting share: the operator, the deposit, the reason for the audit log.
const decisionEndpoint = {
  method: 'POST',
  tag: 'ops',
  auth: 'operator',
  params: DepositParamsSchema,
  body: DecisionBodySchema,
  value: OpsDepositSchema,
  errors: [
    'UNAUTHORIZED',
    'NOT_FOUND',
    'VALIDATION_FAILED',
    'MALFORMED_BODY',
    'DEPOSIT_NOT_FOUND',
    'DEPOSIT_ALREADY_DECIDED',
  ],
} as const;

/**
 * Approves a pending deposit once its money is seen: credits the member's main wallet from the
 * house's cash in (one ledger transfer, keyed by the deposit) and writes the audit row, in one
 * transaction. Approving an approved deposit again answers it unchanged and credits nothing.
 */
export const approveDeposit = defineEndpoint({
  ...decisionEndpoint,
  path: '/ops/merchants/:merchantCode/deposits/:depositId/approve',
  summary: 'Approve a pending deposit and credit the member (operators; audit-logged)',
});

/** Rejects a pending deposit with the reason the member is shown; nothing moves. */
export const rejectDeposit = defineEndpoint({
  ...decisionEndpoint,
  path: '/ops/merchants/:merchantCode/deposits/:depositId/reject',
  summary: 'Reject a pending deposit with a reason (operators; audit-logged)',
});
