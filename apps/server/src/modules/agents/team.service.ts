import {
  TEAM_OVERVIEW_DEFAULT_DAYS,
  type TeamOverview,
  type TeamOverviewQuerySchema,
} from '@lanna/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { dayRangeOf, zonedIsoDate } from '../../shared/day-range.ts';
import { sumTeamBalances } from '../ledger/index.ts';
import { getMerchantBrand } from '../system/index.ts';
import * as repository from './team.repository.ts';

type TeamOverviewQuery = z.output<typeof TeamOverviewQuerySchema>;

/** Wallets a team plays with: its bonus and withdrawals on hold are not its balance. */
export const TEAM_WALLETS = ['main', 'vendor'] as const;

/**
 * The team overview (spec section 2; issue 22 item 1): the agent's team over whole days in the
 * merchant's zone, the last 7 when the range is open. Withdrawals are what was paid out, net
 * of refunds; profit and loss is the players' (negative when they lost).
 */
export const getTeamOverview = async (
  db: Db,
  merchantId: number,
  agentId: number,
  query: TeamOverviewQuery,
  now: Date,
): Promise<TeamOverview> => {
  const brand = await getMerchantBrand(db, merchantId);
  const range = dayRangeOf(query, zonedIsoDate(now, brand.timeZone), TEAM_OVERVIEW_DEFAULT_DAYS);
  const scope = { merchantId, agentId, ...range };
  // One after the other: a Db outside a transaction may be a single PGlite connection.
  const size = await repository.countTeam(db, { ...scope, timeZone: brand.timeZone });
  const rounds = await repository.sumTeamRounds(db, scope);
  const flows = await repository.sumTeamFlows(db, scope, ['deposit', 'withdrawal']);
  const balance = await sumTeamBalances(db, merchantId, agentId, TEAM_WALLETS);
  return {
    currency: brand.currency,
    currencySymbol: brand.currencySymbol,
    currencyDecimals: brand.currencyDecimals,
    ...range,
    members: size.members,
    directMembers: size.direct_members,
    newMembers: size.new_members,
    activeMembers: rounds.active_members,
    teamBalanceMinor: balance.toString(),
    depositMinor: (flows.get('deposit') ?? 0n).toString(),
    withdrawalMinor: (-(flows.get('withdrawal') ?? 0n)).toString(),
    validBetMinor: rounds.valid_bet_minor,
    profitMinor: rounds.profit_minor,
  };
};
