import { getTeamBetting } from '@lanna/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';
import type { TeamOverviewRange } from './get-team-overview';

/** The team's betting by category and by vendor over whole days. */
export const teamBettingQuery = (token: string, range: TeamOverviewRange) =>
  queryOptions({
    queryKey: ['member', 'agent', 'team', 'betting', token, range] as const,
    queryFn: ({ signal }) =>
      call(
        getTeamBetting,
        {
          query: {
            ...(range.from ? { from: range.from } : {}),
            ...(range.to ? { to: range.to } : {}),
          },
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
