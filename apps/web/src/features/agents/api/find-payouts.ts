import { findPayouts, type PayoutsQuery } from '@lanna/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';
import type { KeysetPlace } from './find-contracts';

export type PayoutSide = PayoutsQuery['side'];
export type PayoutFilter = {
  side: PayoutSide;
  kind?: PayoutsQuery['kind'];
  from: string;
  to: string;
};

export const payoutsKey = (token: string) => ['member', 'agent', 'payouts', token] as const;

/** One page of the salaries and dividends the agent received or paid, with totals per kind. */
export const payoutsQuery = (token: string, filter: PayoutFilter, place: KeysetPlace) =>
  queryOptions({
    queryKey: [...payoutsKey(token), filter, place] as const,
    queryFn: ({ signal }) =>
      call(
        findPayouts,
        {
          query: {
            side: filter.side,
            ...(filter.kind ? { kind: filter.kind } : {}),
            ...(filter.from ? { from: filter.from } : {}),
            ...(filter.to ? { to: filter.to } : {}),
            pageNo: place.pageNo,
            pageSize: place.pageSize,
            ...(place.cursor ? { cursor: place.cursor } : {}),
          },
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
