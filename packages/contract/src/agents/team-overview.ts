import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { CurrencySchema, MinorUnitsSchema } from '../money.ts';
import { checkDateRange, dateRangeFields } from '../paging.ts';
import { SignedMinorUnitsSchema } from '../wallet/account-record.ts';

/**
 * The team overview (spec section 2, the agent centre's default page; issue 22 item 1) covers
 * whole days in the merchant's zone: the last 7, today included, when the range is left open.
 */
export const TEAM_OVERVIEW_DEFAULT_DAYS = 7;

export const TeamOverviewQuerySchema = z
  .object(dateRangeFields)
  .strict()
  .superRefine(checkDateRange);
export type TeamOverviewQuery = z.input<typeof TeamOverviewQuerySchema>;

/**
 * The agent's team: every member below it at any depth (the agent itself is not counted).
 * Money figures are the team's, in minor units: deposits and withdrawals paid out, net of
 * refunds; valid bets and the players' profit and loss on settled real-money rounds (negative
 * when the players lost).
 */
export const TeamOverviewSchema = z.object({
  ...CurrencySchema.shape,
  from: z.iso.date(),
  to: z.iso.date(),
  /** Everyone in the team now, and those directly below the agent. */
  members: z.number().int().min(0),
  directMembers: z.number().int().min(0),
  /** Registered within the range. */
  newMembers: z.number().int().min(0),
  /** Placed at least one settled real-money bet within the range. */
  activeMembers: z.number().int().min(0),
  /** The team's main and vendor wallets now. */
  teamBalanceMinor: MinorUnitsSchema,
  /** Net of the days: a refund of an earlier day's payout can make withdrawals negative. */
  depositMinor: SignedMinorUnitsSchema,
  withdrawalMinor: SignedMinorUnitsSchema,
  validBetMinor: MinorUnitsSchema,
  profitMinor: SignedMinorUnitsSchema,
});
export type TeamOverview = z.infer<typeof TeamOverviewSchema>;

export const getTeamOverview = defineEndpoint({
  method: 'GET',
  path: '/wps/agent/team/overview',
  summary:
    "The signed-in agent's team over whole days in the merchant's zone (the last 7 by " +
    'default): its size, new and active members, balance, deposits, withdrawals, valid bets ' +
    'and profit and loss',
  tag: 'agents',
  auth: 'member',
  roles: ['agent'],
  query: TeamOverviewQuerySchema,
  value: TeamOverviewSchema,
  errors: ['RULES_NOT_MET'],
});
