import { findBettingRecord, type BundledLanguage, type GameCategory } from '@lanna/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';

/** What the betting record and profit and loss filter by: category, vendor and days. */
export type BettingFilter = {
  gameType: GameCategory | '';
  vassalage: string;
  from: string;
  to: string;
};

/** The filter as query fields, leaving out what is not chosen. */
export const filterQuery = (filter: BettingFilter) => ({
  ...(filter.gameType ? { gameType: filter.gameType } : {}),
  ...(filter.vassalage ? { vassalage: filter.vassalage } : {}),
  ...(filter.from ? { from: filter.from } : {}),
  ...(filter.to ? { to: filter.to } : {}),
});

/** One page of the betting record; the previous page stays on screen while the next loads. */
export const bettingRecordQuery = (
  token: string,
  filter: BettingFilter & {
    pageNo: number;
    pageSize: number;
    language: BundledLanguage;
    /** The cursor the page beside this one handed out; none for a page read by its number. */
    cursor?: string | undefined;
  },
) =>
  queryOptions({
    queryKey: ['member', 'betting', 'record', token, filter] as const,
    queryFn: ({ signal }) =>
      call(
        findBettingRecord,
        {
          query: {
            pageNo: filter.pageNo,
            pageSize: filter.pageSize,
            language: filter.language,
            ...filterQuery(filter),
            ...(filter.cursor ? { cursor: filter.cursor } : {}),
          },
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
