import { findProfitLoss } from '@lanna/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';
import { filterQuery, type BettingFilter } from './find-betting-record';

/** The member's profit and loss for a filter, by day and by category. */
export const profitLossQuery = (token: string, filter: BettingFilter) =>
  queryOptions({
    queryKey: ['member', 'betting', 'profitLoss', token, filter] as const,
    queryFn: ({ signal }) => call(findProfitLoss, { query: filterQuery(filter) }, { signal }),
    placeholderData: keepPreviousData,
  });
