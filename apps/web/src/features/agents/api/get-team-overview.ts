import { getTeamOverview } from '@lanna/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';

/** Whole days in the merchant's zone, `yyyy-mm-dd`; an open end is left to the server. */
export type TeamOverviewRange = { from: string; to: string };

/** The agent's team over a range; the figures shown stay while another range loads. */
export const teamOverviewQuery = (token: string, range: TeamOverviewRange) =>
  queryOptions({
    queryKey: ['member', 'agent', 'team', 'overview', token, range] as const,
    queryFn: ({ signal }) =>
      call(
        getTeamOverview,
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
