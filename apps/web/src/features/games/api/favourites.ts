import {
  addFavouriteGame,
  findFavouriteGames,
  findFavouriteIds,
  removeFavouriteGame,
  type BundledLanguage,
  type GameCard,
  type GameCategory,
} from '@lanna/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';
import { useGamesLanguage } from './use-games-language';

/** Everything about a member's favourites: ids, pages, toggles invalidate under this key. */
export const FAVOURITES_KEY = ['member', 'games', 'favourites'] as const;

export const favouriteIdsQuery = (token: string) =>
  queryOptions({
    queryKey: [...FAVOURITES_KEY, 'ids', token] as const,
    queryFn: ({ signal }) => call(findFavouriteIds, {}, { signal }),
    staleTime: 5 * 60_000,
  });

export type FavouritePageQuery = {
  gameType?: GameCategory | undefined;
  vassalage?: string | undefined;
  pageNo: number;
  pageSize: number;
};

export const favouriteGamesQuery = (
  token: string,
  language: BundledLanguage,
  query: FavouritePageQuery,
) =>
  queryOptions({
    queryKey: [...FAVOURITES_KEY, 'list', token, language, query] as const,
    queryFn: ({ signal }) =>
      call(
        findFavouriteGames,
        {
          query: {
            ...query,
            clientType: 3,
            platform: 'html5-desktop',
            language,
          },
        },
        { signal },
      ),
  });

export const useFavouriteGames = (
  token: string | null,
  query: FavouritePageQuery,
  enabled = true,
) =>
  useQuery({
    ...favouriteGamesQuery(token ?? '', useGamesLanguage(), query),
    placeholderData: keepPreviousData,
    enabled: Boolean(token) && enabled,
  });

export const addFavouriteRequest = (game: Pick<GameCard, 'nodeId' | 'vassalage' | 'gameType'>) =>
  call(addFavouriteGame, {
    body: { nodeId: game.nodeId, vendor: game.vassalage, gameType: game.gameType },
  });

export const removeFavouriteRequest = (nodeId: number) =>
  call(removeFavouriteGame, { query: { nodeId } });
