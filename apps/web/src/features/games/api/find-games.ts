import { findGames, type BundledLanguage, type QueryOf } from '@lanna/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';
import { useGamesLanguage } from './use-games-language';

export type GamesListQuery = Omit<
  QueryOf<typeof findGames>,
  'language' | 'platform' | 'clientType'
>;

/** The games list (spec section 7): the site sends clientType 3 and its platforms. */
export const gamesQuery = (query: GamesListQuery, language: BundledLanguage) =>
  queryOptions({
    queryKey: ['games', 'list', language, query] as const,
    queryFn: ({ signal }) =>
      call(
        findGames,
        {
          query: {
            ...query,
            clientType: 3,
            platform: 'flash,html5-desktop',
            language,
          },
        },
        { signal },
      ),
    staleTime: 60_000,
  });

/** A page of games; the previous page stays on screen while the next one loads. */
export const useGames = (query: GamesListQuery, options: { enabled?: boolean } = {}) => {
  const language = useGamesLanguage();
  return useQuery({
    ...gamesQuery(query, language),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
};
