import { findAccountRecord, type AccountRecordType } from '@lanna/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';

export type AccountRecordFilter = {
  pageNo: number;
  pageSize: number;
  types: readonly AccountRecordType[];
  from: string;
  to: string;
  /** The cursor the page beside this one handed out; none for a page read by its number. */
  cursor?: string | undefined;
};

/** One page of the account record; the previous page stays on screen while the next loads. */
export const accountRecordQuery = (token: string, filter: AccountRecordFilter) =>
  queryOptions({
    queryKey: ['member', 'wallet', 'accountRecord', token, filter] as const,
    queryFn: ({ signal }) =>
      call(
        findAccountRecord,
        {
          query: {
            pageNo: filter.pageNo,
            pageSize: filter.pageSize,
            ...(filter.types.length > 0 ? { types: filter.types.join(',') } : {}),
            ...(filter.from ? { from: filter.from } : {}),
            ...(filter.to ? { to: filter.to } : {}),
            ...(filter.cursor ? { cursor: filter.cursor } : {}),
          },
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
