import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { MerchantCodeSchema, OpsRowParamsSchema } from '../ops/ops-params.ts';
import { IdempotencyKeySchema, uptoPattern } from '../money.ts';
import { MAX_TRANSFER_MINOR } from '../wallet/amount.ts';
import { OperatorReasonSchema, UsernameTextSchema } from '../text.ts';
import { SignedMinorUnitsSchema } from '../wallet/account-record.ts';

/**
 * An operator sets an account's type (a member becomes an agent, or an agent without a team a
 * member) and moves it, with its whole team, under another agent or to the top (issue 22 item
 * 6). Contracts with its old upline end; each change is audit-logged.
 */
export const PutAgentBodySchema = z
  .object({
    type: z
      .union([z.literal(0), z.literal(1), z.literal(2), z.literal(41), z.literal(42)])
      .optional(),
    /** The new upline's account; null moves it to the top. Absent leaves it where it is. */
    upline: UsernameTextSchema.nullable().optional(),
    reason: OperatorReasonSchema,
  })
  .strict();
export type PutAgentBody = z.input<typeof PutAgentBodySchema>;

export const AgentPlacementSchema = z.object({
  account: z.string(),
  type: z.number().int(),
  upline: z.string().nullable(),
  teamSize: z.number().int().min(0),
});
export type AgentPlacement = z.infer<typeof AgentPlacementSchema>;

export const putAgent = defineEndpoint({
  method: 'PUT',
  path: '/ops/merchants/:merchantCode/agents/:username',
  summary:
    "Set an account's type and move it with its team under another agent or to the top " +
    '(operators; audit-logged; contracts with the old upline end)',
  tag: 'ops',
  auth: 'operator',
  params: z.object({ merchantCode: MerchantCodeSchema, username: UsernameTextSchema }),
  body: PutAgentBodySchema,
  value: AgentPlacementSchema,
  errors: ['NOT_FOUND', 'AGENT_MOVE_INTO_OWN_TEAM', 'AGENT_HAS_TEAM'],
});

/**
 * A correction of a salary or dividend already paid: never an edit of the payout, a transfer
 * of the difference between the house and the agent, audit-logged. Positive pays the agent
 * more, negative takes back (never below the agent's balance).
 */
export const PayoutCorrectionBodySchema = z
  .object({
    /** Not zero, at most the largest transfer either way (the pattern says so, for the document). */
    amountMinor: z
      .string()
      .regex(
        new RegExp(`^-?${uptoPattern(MAX_TRANSFER_MINOR, 1).source.slice(1)}`, 'u'),
        'non-zero minor units, at most the largest transfer either way',
      ),
    reason: OperatorReasonSchema,
    idempotencyKey: IdempotencyKeySchema,
  })
  .strict();

export const PayoutCorrectionSchema = z.object({
  payoutId: z.number().int(),
  amountMinor: SignedMinorUnitsSchema,
  transferId: z.number().int(),
  replayed: z.boolean(),
});

export const correctPayout = defineEndpoint({
  method: 'POST',
  path: '/ops/merchants/:merchantCode/payouts/:id/corrections',
  summary:
    'Correct a salary or dividend paid, by a compensating transfer between the house and the ' +
    'agent (operators; audit-logged; idempotent by idempotencyKey)',
  tag: 'ops',
  auth: 'operator',
  params: OpsRowParamsSchema,
  body: PayoutCorrectionBodySchema,
  value: PayoutCorrectionSchema,
  errors: ['NOT_FOUND', 'INSUFFICIENT_BALANCE', 'IDEMPOTENCY_KEY_REUSED', 'RULES_NOT_MET'],
});
