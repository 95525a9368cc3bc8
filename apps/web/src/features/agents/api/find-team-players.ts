import { findTeamPlayers, type TeamPlayersQuery } from '@lanna/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';
import type { TeamOverviewRange } from './get-team-overview';

export type TeamPlayersOrder = NonNullable<TeamPlayersQuery['order']>;

/** One page of the team's members by valid bet, or (user loss) by what they lost. */
export const teamPlayersQuery = (
  token: string,
  order: TeamPlayersOrder,
  range: TeamOverviewRange,
  page: { pageNo: number; pageSize: number },
) =>
  queryOptions({
    queryKey: ['member', 'agent', 'team', 'players', token, order, range, page] as const,
    queryFn: ({ signal }) =>
      call(
        findTeamPlayers,
        {
          query: {
            order,
            ...(range.from ? { from: range.from } : {}),
            ...(range.to ? { to: range.to } : {}),
            ...page,
          },
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
