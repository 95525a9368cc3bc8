import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { MerchantCodeSchema, OpsRowParamsSchema } from '../ops/ops-params.ts';
import { checkPageDepth, keysetPageFields, keysetPageOf } from '../paging.ts';
import { OperatorReasonSchema, shownText, UsernameTextSchema } from '../text.ts';

/**
 * Freeze requests (issue 22 item 1, downline management): an agent cannot freeze anyone itself;
 * it asks the operators to freeze a member of its team, with a reason. An operator approves
 * (the member is frozen as by `setMemberFrozen`) or rejects, and the agent is told by a
 * platform message either way.
 */
export const FreezeRequestStatusSchema = z.enum(['pending', 'approved', 'rejected']);
export type FreezeRequestStatus = z.infer<typeof FreezeRequestStatusSchema>;

/** Why the agent asks; the operator reads it before deciding. */
export const FreezeReasonSchema = shownText(500, { min: 3, trim: true });

export const FreezeRequestSchema = z.object({
  id: z.number().int(),
  /** The team member to be frozen. */
  account: z.string(),
  /** The agent that asked. */
  requestedBy: z.string(),
  reason: z.string(),
  status: FreezeRequestStatusSchema,
  requestedAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  /** The operator's reason, which the agent also reads in its message. */
  decisionReason: z.string().nullable(),
});
export type FreezeRequest = z.infer<typeof FreezeRequestSchema>;

export const requestDownlineFreeze = defineEndpoint({
  method: 'POST',
  path: '/wps/agent/downlines/:account/freeze-request',
  summary:
    "Ask the operators to freeze a member of the signed-in agent's team, with a reason (one " +
    'request waits per member)',
  tag: 'agents',
  auth: 'member',
  roles: ['agent'],
  params: z.object({ account: UsernameTextSchema }),
  body: z.object({ reason: FreezeReasonSchema }).strict(),
  value: FreezeRequestSchema,
  errors: [
    'MALFORMED_BODY',
    'VALIDATION_FAILED',
    'TEAM_MEMBER_NOT_FOUND',
    'FREEZE_ALREADY_REQUESTED',
    'MEMBER_ALREADY_FROZEN',
  ],
});

export const FreezeRequestPageSchema = keysetPageOf(FreezeRequestSchema);
export type FreezeRequestPage = z.infer<typeof FreezeRequestPageSchema>;

export const findFreezeRequests = defineEndpoint({
  method: 'GET',
  path: '/ops/merchants/:merchantCode/freeze-requests',
  summary: "Agents' freeze requests of one status, oldest first (operators)",
  tag: 'ops',
  auth: 'operator',
  params: z.object({ merchantCode: MerchantCodeSchema }),
  query: z
    .object({ status: FreezeRequestStatusSchema.default('pending'), ...keysetPageFields })
    .strict()
    .superRefine(checkPageDepth),
  value: FreezeRequestPageSchema,
  errors: ['NOT_FOUND', 'VALIDATION_FAILED'],
});

export const decideFreezeRequest = defineEndpoint({
  method: 'POST',
  path: '/ops/merchants/:merchantCode/freeze-requests/:id/decision',
  summary:
    'Approve a waiting freeze request, which freezes the member, or reject it; the agent is ' +
    'told either way (operators; audit-logged)',
  tag: 'ops',
  auth: 'operator',
  params: OpsRowParamsSchema,
  body: z.object({ approve: z.boolean(), reason: OperatorReasonSchema }).strict(),
  value: FreezeRequestSchema,
  errors: ['NOT_FOUND', 'VALIDATION_FAILED', 'FREEZE_REQUEST_DECIDED'],
});
