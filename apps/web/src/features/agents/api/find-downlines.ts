import { findDownlines, type DownlineQuery } from '@lanna/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';

/** The list's filters as the screen holds them: '' is 'any'. */
export type DownlineFilter = {
  search: string;
  level: string;
  status: '' | NonNullable<DownlineQuery['status']>;
  activity: '' | NonNullable<DownlineQuery['activity']>;
  kind: '' | NonNullable<DownlineQuery['kind']>;
};

export type DownlinePlace = {
  pageNo: number;
  pageSize: number;
  /** The cursor the page beside this one handed out; none for a page read by its number. */
  cursor?: string | undefined;
};

/** The filter as query fields, leaving out what is not chosen. */
const filterQuery = ({ search, level, status, activity, kind }: DownlineFilter) => ({
  ...(search.trim() ? { search: search.trim() } : {}),
  ...(level ? { level: Number(level) } : {}),
  ...(status ? { status } : {}),
  ...(activity ? { activity } : {}),
  ...(kind ? { kind } : {}),
});

/** One page of the agent's team; the previous page stays on screen while the next loads. */
export const downlinesQuery = (token: string, filter: DownlineFilter, place: DownlinePlace) =>
  queryOptions({
    queryKey: ['member', 'agent', 'downlines', token, filter, place] as const,
    queryFn: ({ signal }) =>
      call(
        findDownlines,
        {
          query: {
            ...filterQuery(filter),
            pageNo: place.pageNo,
            pageSize: place.pageSize,
            ...(place.cursor ? { cursor: place.cursor } : {}),
          },
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
