import { findRecentGames, type BundledLanguage, type GameCategory } from '@lanna/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';
import { useGamesLanguage } from './use-games-language';

export type RecentPageQuery = {
  gameType?: GameCategory | undefined;
  vassalage?: string | undefined;
  page: number;
  pageSize: number;
};

/** Launches add to the recent list, so it is read again whenever it is shown. */
export const recentGamesQuery = (
  token: string,
  language: BundledLanguage,
  query: RecentPageQuery,
) =>
  queryOptions({
    queryKey: ['member', 'games', 'recent', token, language, query] as const,
    queryFn: ({ signal }) =>
      call(findRecentGames, { query: { ...query, clientType: 3, language } }, { signal }),
    staleTime: 0,
  });

export const useRecentGames = (token: string | null, query: RecentPageQuery, enabled = true) =>
  useQuery({
    ...recentGamesQuery(token ?? '', useGamesLanguage(), query),
    placeholderData: keepPreviousData,
    enabled: Boolean(token) && enabled,
  });
