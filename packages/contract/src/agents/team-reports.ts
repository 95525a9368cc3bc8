import { BigIdParamSchema } from '../bounds.ts';
import { z } from 'zod';
import { BettingTotalsSchema } from '../betting/betting-record.ts';
import { defineEndpoint } from '../endpoint.ts';
import { GameCategorySchema } from '../games/categories.ts';
import { CurrencySchema, MinorUnitsSchema } from '../money.ts';
import {
  checkDateRange,
  checkPageDepth,
  dateRangeFields,
  keysetPageFields,
  keysetPageOf,
  pageOf,
  PageQuerySchema,
} from '../paging.ts';
import { ContractKindSchema, OfferContractBodySchema } from './contracts.ts';
import { SignedMinorUnitsSchema } from '../wallet/account-record.ts';

/**
 * The agent centre's reports over whole days in the merchant's zone (the last 7 by default),
 * read from the team's day totals (decision 019).
 */
const rangeQuery = z.object(dateRangeFields).strict().superRefine(checkDateRange);

/** Team betting (spec section 2): the team's real-money rounds by category and by vendor. */
export const TeamBettingSchema = z.object({
  ...CurrencySchema.shape,
  from: z.iso.date(),
  to: z.iso.date(),
  categories: z.array(BettingTotalsSchema.extend({ gameType: GameCategorySchema.nullable() })),
  vendors: z.array(BettingTotalsSchema.extend({ vendorCode: z.string(), vendorName: z.string() })),
  totals: BettingTotalsSchema,
});
export type TeamBetting = z.infer<typeof TeamBettingSchema>;

export const getTeamBetting = defineEndpoint({
  method: 'GET',
  path: '/wps/agent/team/betting',
  summary: "The signed-in agent's team betting by category and by vendor over whole days",
  tag: 'agents',
  auth: 'member',
  roles: ['agent'],
  query: rangeQuery,
  value: TeamBettingSchema,
  errors: ['RULES_NOT_MET'],
});

export const TeamPlayersQuerySchema = z
  .object({
    ...dateRangeFields,
    /** Most valid bet first, or (user loss) the players who lost, most first. */
    order: z.enum(['valid_bet', 'loss']).default('valid_bet'),
    ...PageQuerySchema.shape,
  })
  .strict()
  .superRefine(checkDateRange);
export type TeamPlayersQuery = z.input<typeof TeamPlayersQuerySchema>;

export const TeamPlayerSchema = BettingTotalsSchema.extend({
  account: z.string(),
  level: z.number().int().min(1),
});
export type TeamPlayer = z.infer<typeof TeamPlayerSchema>;

export const TeamPlayersSchema = pageOf(TeamPlayerSchema).extend({
  ...CurrencySchema.shape,
  from: z.iso.date(),
  to: z.iso.date(),
});
export type TeamPlayers = z.infer<typeof TeamPlayersSchema>;

export const findTeamPlayers = defineEndpoint({
  method: 'GET',
  path: '/wps/agent/team/players',
  summary:
    "The signed-in agent's team members' betting over whole days, most valid bet first; with " +
    'order=loss, the members who lost, most first (user loss)',
  tag: 'agents',
  auth: 'member',
  roles: ['agent'],
  query: TeamPlayersQuerySchema,
  value: TeamPlayersSchema,
  errors: ['RULES_NOT_MET'],
});

/** Team transactions (spec section 2): money in and out of the team's wallets. */
export const TEAM_TRANSACTION_TYPES = [
  'deposit',
  'withdrawal',
  'member_transfer',
  'bonus',
  'rebate',
  'salary',
  'dividend',
  'adjustment',
] as const;
export const TeamTransactionTypeSchema = z.enum(TEAM_TRANSACTION_TYPES);

export const TeamTransactionsQuerySchema = z
  .object({
    ...dateRangeFields,
    type: TeamTransactionTypeSchema.optional(),
    ...keysetPageFields,
  })
  .strict()
  .superRefine(checkDateRange)
  .superRefine(checkPageDepth);
export type TeamTransactionsQuery = z.input<typeof TeamTransactionsQuerySchema>;

export const TeamTransactionSchema = z.object({
  id: z.string(),
  account: z.string(),
  type: TeamTransactionTypeSchema,
  /** Into the member's wallets when positive. */
  amountMinor: SignedMinorUnitsSchema,
  at: z.iso.datetime(),
});
export type TeamTransaction = z.infer<typeof TeamTransactionSchema>;

export const TeamTransactionsSchema = keysetPageOf(TeamTransactionSchema).extend(
  CurrencySchema.shape,
);
export type TeamTransactions = z.infer<typeof TeamTransactionsSchema>;

export const findTeamTransactions = defineEndpoint({
  method: 'GET',
  path: '/wps/agent/team/transactions',
  summary:
    "Deposits, withdrawals, transfers, bonuses and other money of the signed-in agent's team, " +
    'newest first, over whole days',
  tag: 'agents',
  auth: 'member',
  roles: ['agent'],
  query: TeamTransactionsQuerySchema,
  value: TeamTransactionsSchema,
  errors: ['RULES_NOT_MET'],
});

/** A salary or dividend a contract paid, or owes (a dividend the upline has yet to pay). */
export const PayoutSchema = z.object({
  id: z.number().int(),
  contractId: z.number().int(),
  kind: ContractKindSchema,
  periodStart: z.iso.datetime(),
  periodEnd: z.iso.datetime(),
  /** The other side: the upline that pays (null: the house) or the downline paid. */
  counterpart: z.string().nullable(),
  validBetMinor: MinorUnitsSchema,
  lossMinor: MinorUnitsSchema,
  activeMembers: z.number().int().min(0),
  amountMinor: MinorUnitsSchema,
  status: z.enum(['paid', 'due', 'forced', 'nothing']),
  dueAt: z.iso.datetime().nullable(),
  paidAt: z.iso.datetime().nullable(),
});
export type Payout = z.infer<typeof PayoutSchema>;

export const PayoutsQuerySchema = z
  .object({
    /** What the agent received (its income) or paid its downlines. */
    side: z.enum(['received', 'paid']),
    kind: ContractKindSchema.optional(),
    ...dateRangeFields,
    ...keysetPageFields,
  })
  .strict()
  .superRefine(checkDateRange)
  .superRefine(checkPageDepth);
export type PayoutsQuery = z.input<typeof PayoutsQuerySchema>;

export const PayoutsSchema = keysetPageOf(PayoutSchema).extend({
  ...CurrencySchema.shape,
  /** What the filter's payouts moved, per kind (due dividends not included). */
  totals: z.array(z.object({ kind: ContractKindSchema, amountMinor: MinorUnitsSchema })),
});
export type Payouts = z.infer<typeof PayoutsSchema>;

export const findPayouts = defineEndpoint({
  method: 'GET',
  path: '/wps/agent/payouts',
  summary:
    "The signed-in agent's salaries and dividends, received (my income) or paid to its " +
    'downlines, newest period first, with totals per kind',
  tag: 'agents',
  auth: 'member',
  roles: ['agent'],
  query: PayoutsQuerySchema,
  value: PayoutsSchema,
  errors: ['RULES_NOT_MET'],
});

export const payDividend = defineEndpoint({
  method: 'POST',
  path: '/wps/agent/payouts/:id/pay',
  summary:
    'Pay a dividend the signed-in agent owes its downline, from its main wallet, before the ' +
    'house does it and freezes the agent',
  tag: 'agents',
  auth: 'member',
  roles: ['agent'],
  params: z.object({
    id: BigIdParamSchema,
  }),
  value: PayoutSchema,
  errors: ['NOT_FOUND', 'INSUFFICIENT_BALANCE', 'ACCOUNT_FROZEN'],
});

/** What a contract would have paid on the downline's last full period of real data. */
export const ContractPreviewSchema = z.object({
  ...CurrencySchema.shape,
  periodStart: z.iso.datetime(),
  periodEnd: z.iso.datetime(),
  validBetMinor: MinorUnitsSchema,
  lossMinor: MinorUnitsSchema,
  activeMembers: z.number().int().min(0),
  amountMinor: MinorUnitsSchema,
});
export type ContractPreview = z.infer<typeof ContractPreviewSchema>;

export const previewContract = defineEndpoint({
  method: 'POST',
  path: '/wps/agent/contracts/preview',
  summary:
    "What a contract would have paid on the downline's last full period of real data " +
    '(yesterday for salaries, the last finished period for dividends); nothing is offered',
  tag: 'agents',
  auth: 'member',
  roles: ['agent'],
  body: OfferContractBodySchema,
  value: ContractPreviewSchema,
  errors: ['RULES_NOT_MET', 'DOWNLINE_NOT_FOUND'],
});
