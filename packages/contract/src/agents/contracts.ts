import { BigIdParamSchema } from '../bounds.ts';
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { MinorUnitsSchema } from '../money.ts';
import { checkPageDepth, keysetPageFields, keysetPageOf } from '../paging.ts';
import { ruleIssue } from '../rules.ts';
import { OperatorReasonSchema, UsernameTextSchema } from '../text.ts';

/**
 * Contracts between an agent and a direct downline agent (spec sections 3, 4 and 7; issue 22
 * item 3): a dividend, a daily, an hourly or a real-time salary. The upline offers, the downline
 * accepts or rejects, either side ends it; a downline's rate never exceeds its upline's.
 */
export const CONTRACT_KINDS = [
  'dividend',
  'daily_salary',
  'hourly_salary',
  'realtime_salary',
] as const;
export const ContractKindSchema = z.enum(CONTRACT_KINDS);
export type ContractKind = z.infer<typeof ContractKindSchema>;

/** Dividend periods (spec section 3): daily, weekly, semimonthly, monthly. */
export const DividendPeriodSchema = z.enum(['D', 'W', 'H', 'M']);
export type DividendPeriod = z.infer<typeof DividendPeriodSchema>;

/**
 * What picks the tier: the team's valid bet, its players' loss (profit and loss, the house's
 * side), or its active members over the period.
 */
export const TierBasisSchema = z.enum(['valid_bet', 'profit_loss', 'active_members']);
export type TierBasis = z.infer<typeof TierBasisSchema>;

/**
 * `highest`: the rate of the highest tier reached applies to everything. `progressive`: each
 * tier's rate applies to the share of the basis between its threshold and the next one's.
 */
export const TieringSchema = z.enum(['highest', 'progressive']);
export type Tiering = z.infer<typeof TieringSchema>;

/** A rate in basis points of what it applies to: 100 is 1%, at most 100%. */
export const RateBpSchema = z.number().int().min(0).max(10_000);

const CountSchema = z.number().int().min(0).max(10_000_000);

export const ContractTierSchema = z
  .object({
    /** Where the tier starts, in the basis' unit: minor units, or members. */
    threshold: MinorUnitsSchema,
    /** Active members the team needs for this tier. */
    minActiveMembers: CountSchema,
    /** The rate: for a salary, on the valid bet of players who did not lose in the period. */
    rateBp: RateBpSchema,
    /** Salaries: the rate on the valid bet of players who lost in the period (`rateBp` if absent). */
    lossRateBp: RateBpSchema.optional(),
  })
  .strict();
export type ContractTier = z.infer<typeof ContractTierSchema>;

export const MAX_CONTRACT_TIERS = 10;

export const ContractTermsSchema = z
  .object({
    kind: ContractKindSchema,
    /** Dividends only: the period they settle over. */
    period: DividendPeriodSchema.optional(),
    basis: TierBasisSchema,
    tiering: TieringSchema,
    tiers: z.array(ContractTierSchema).min(1).max(MAX_CONTRACT_TIERS),
    /** A player counts as active, and its bets count, from this valid bet in the period. */
    minBetMinor: MinorUnitsSchema,
  })
  .strict()
  .superRefine((terms, context) => {
    if ((terms.kind === 'dividend') !== (terms.period !== undefined)) {
      context.addIssue(ruleIssue('a period for dividends, and only for them', ['period']));
    }
    terms.tiers.forEach((tier, index) => {
      const previous = terms.tiers[index - 1];
      if (previous && BigInt(tier.threshold) <= BigInt(previous.threshold)) {
        context.addIssue(ruleIssue('thresholds ascend', ['tiers', index, 'threshold']));
      }
      if (terms.kind === 'dividend' && tier.lossRateBp !== undefined) {
        context.addIssue(ruleIssue('salaries only', ['tiers', index, 'lossRateBp']));
      }
    });
  });
export type ContractTerms = z.infer<typeof ContractTermsSchema>;

/** The contract's rate for the upline cap: its highest rate of any tier. */
export const topRateOf = (terms: Pick<ContractTerms, 'tiers'>): number =>
  Math.max(...terms.tiers.map((tier) => Math.max(tier.rateBp, tier.lossRateBp ?? 0)));

export const ContractStatusSchema = z.enum(['pending', 'active', 'rejected', 'terminated']);
export type ContractStatus = z.infer<typeof ContractStatusSchema>;

/**
 * Why a contract ended: a side ended it, the upline's rate fell below it (`undercut`), an
 * accepted offer of its kind took its place (`replaced`), or an operator ended it.
 */
export const ContractEndSchema = z.enum(['upline', 'downline', 'undercut', 'replaced', 'operator']);

export const ContractSchema = z.object({
  id: z.number().int(),
  kind: ContractKindSchema,
  status: ContractStatusSchema,
  /** The offering agent; null when the house (an operator) gave it. */
  upline: z.string().nullable(),
  downline: z.string(),
  terms: ContractTermsSchema,
  topRateBp: RateBpSchema,
  offeredAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  endedAt: z.iso.datetime().nullable(),
  endedBy: ContractEndSchema.nullable(),
});
export type Contract = z.infer<typeof ContractSchema>;

const ContractIdParamsSchema = z.object({
  id: BigIdParamSchema,
});

export const ContractQuerySchema = z
  .object({
    /** Contracts the caller received from its upline, or offered to its downlines. */
    side: z.enum(['received', 'offered']),
    kind: ContractKindSchema.optional(),
    status: ContractStatusSchema.optional(),
    ...keysetPageFields,
  })
  .strict()
  .superRefine(checkPageDepth);
export type ContractQuery = z.input<typeof ContractQuerySchema>;

export const findContracts = defineEndpoint({
  method: 'GET',
  path: '/wps/agent/contracts',
  summary: "The signed-in agent's contracts, received or offered, newest first (history kept)",
  tag: 'agents',
  auth: 'member',
  roles: ['agent'],
  query: ContractQuerySchema,
  value: keysetPageOf(ContractSchema),
  errors: ['RULES_NOT_MET'],
});

export const OfferContractBodySchema = z
  .object({ downline: UsernameTextSchema, terms: ContractTermsSchema })
  .strict();
export type OfferContractBody = z.input<typeof OfferContractBodySchema>;

export const offerContract = defineEndpoint({
  method: 'POST',
  path: '/wps/agent/contracts',
  summary:
    'Offer a direct downline agent a contract; it waits for its answer, and the rate never ' +
    "exceeds the caller's own of that kind",
  tag: 'agents',
  auth: 'member',
  roles: ['agent'],
  body: OfferContractBodySchema,
  value: ContractSchema,
  errors: [
    'RULES_NOT_MET',
    'DOWNLINE_NOT_FOUND',
    'CONTRACT_RATE_ABOVE_UPLINE',
    'CONTRACT_ALREADY_OFFERED',
  ],
});

export const AcceptContractBodySchema = z
  .object({
    /** Ends the caller's own downline contracts above the new rate (spec section 4). */
    confirmUndercut: z.boolean().default(false),
  })
  .strict();

export const UndercutDetailsSchema = z.object({
  contracts: z.array(
    z.object({ id: z.number().int(), downline: z.string(), topRateBp: z.number() }),
  ),
});

export const acceptContract = defineEndpoint({
  method: 'POST',
  path: '/wps/agent/contracts/:id/accept',
  summary:
    "Accept an offer from the caller's upline; it replaces the active contract of its kind. " +
    'Contracts the caller gave above the new rate end when `confirmUndercut` is true',
  tag: 'agents',
  auth: 'member',
  roles: ['agent'],
  params: ContractIdParamsSchema,
  body: AcceptContractBodySchema,
  value: ContractSchema,
  errors: ['CONTRACT_NOT_FOUND', 'CONTRACT_NOT_PENDING', 'CONTRACT_UNDERCUTS_DOWNLINES'],
});

export const rejectContract = defineEndpoint({
  method: 'POST',
  path: '/wps/agent/contracts/:id/reject',
  summary: "Reject an offer from the caller's upline",
  tag: 'agents',
  auth: 'member',
  roles: ['agent'],
  params: ContractIdParamsSchema,
  value: ContractSchema,
  errors: ['CONTRACT_NOT_FOUND', 'CONTRACT_NOT_PENDING'],
});

export const terminateContract = defineEndpoint({
  method: 'POST',
  path: '/wps/agent/contracts/:id/terminate',
  summary:
    'End an active contract from either side, or withdraw an offer not yet answered; the ' +
    'other side is told',
  tag: 'agents',
  auth: 'member',
  roles: ['agent'],
  params: ContractIdParamsSchema,
  value: ContractSchema,
  errors: ['CONTRACT_NOT_FOUND', 'CONTRACT_NOT_PENDING'],
});

/**
 * A request waiting for the caller in the contract pop-up (spec section 4): 'new contract'
 * (an offer to answer) or 'termination' (a contract the other side ended, to acknowledge).
 */
export const ContractRequestSchema = z.object({
  type: z.enum(['new_contract', 'termination']),
  contract: ContractSchema,
});

/**
 * The consolidated contract flags (spec section 3): per kind, 0 nothing waiting, 1 a new
 * contract to answer, 2 a termination to acknowledge.
 */
export const ContractRequestsSchema = z.object({
  divtypereq: z.number().int().min(0).max(2),
  dailysalreqtype: z.number().int().min(0).max(2),
  contracthoursalreq: z.number().int().min(0).max(2),
  realtimesalreqtype: z.number().int().min(0).max(2),
  requests: z.array(ContractRequestSchema),
});
export type ContractRequests = z.infer<typeof ContractRequestsSchema>;

export const getContractRequests = defineEndpoint({
  method: 'GET',
  path: '/wps/agent/contracts/requests',
  summary: 'The contract flags and the requests waiting for the signed-in agent (the pop-up)',
  tag: 'agents',
  auth: 'member',
  roles: ['agent'],
  value: ContractRequestsSchema,
  errors: [],
});

export const acknowledgeContract = defineEndpoint({
  method: 'POST',
  path: '/wps/agent/contracts/:id/acknowledge',
  summary: 'Acknowledge that the other side ended a contract (clears it from the pop-up)',
  tag: 'agents',
  auth: 'member',
  roles: ['agent'],
  params: ContractIdParamsSchema,
  value: ContractSchema,
  errors: ['CONTRACT_NOT_FOUND'],
});

const AgentParamsSchema = z.object({
  merchantCode: z.string().regex(/^[a-z0-9-]{2,32}$/),
  username: UsernameTextSchema,
});

export const OfferHouseContractBodySchema = z
  .object({ terms: ContractTermsSchema, reason: OperatorReasonSchema })
  .strict();

export const offerHouseContract = defineEndpoint({
  method: 'POST',
  path: '/ops/merchants/:merchantCode/agents/:username/contracts',
  summary:
    'Offer an agent a contract from the house, with no upline cap (operators; audit-logged); ' +
    'the agent answers it in its contract pop-up',
  tag: 'ops',
  auth: 'operator',
  params: AgentParamsSchema,
  body: OfferHouseContractBodySchema,
  value: ContractSchema,
  errors: ['NOT_FOUND', 'RULES_NOT_MET', 'CONTRACT_ALREADY_OFFERED'],
});
