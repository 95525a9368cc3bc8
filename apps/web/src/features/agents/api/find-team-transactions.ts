import { findTeamTransactions, type TeamTransactionsQuery } from '@lanna/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';
import type { KeysetPlace } from './find-contracts';
import type { TeamOverviewRange } from './get-team-overview';

export type TeamTransactionType = '' | NonNullable<TeamTransactionsQuery['type']>;

/** One page of the money in and out of the team's wallets, newest first. */
export const teamTransactionsQuery = (
  token: string,
  filter: TeamOverviewRange & { type: TeamTransactionType },
  place: KeysetPlace,
) =>
  queryOptions({
    queryKey: ['member', 'agent', 'team', 'transactions', token, filter, place] as const,
    queryFn: ({ signal }) =>
      call(
        findTeamTransactions,
        {
          query: {
            ...(filter.from ? { from: filter.from } : {}),
            ...(filter.to ? { to: filter.to } : {}),
            ...(filter.type ? { type: filter.type } : {}),
            pageNo: place.pageNo,
            pageSize: place.pageSize,
            ...(place.cursor ? { cursor: place.cursor } : {}),
          },
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
