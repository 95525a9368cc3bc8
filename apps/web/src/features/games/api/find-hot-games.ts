import { findHotGames } from '@lanna/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '@/lib/api/api-client';
import { flushHotGames, readHotGames, writeHotGames } from '../utils/hot-games-cache';
import { useGamesLanguage } from './use-games-language';

/**
 * The hot list (spec section 7), read from session storage (HOT_GAMES, spec section 9) when it
 * holds this language's list, otherwise from the server and stored.
 */
export const hotGamesQuery = (language: ReturnType<typeof useGamesLanguage>) =>
  queryOptions({
    queryKey: ['games', 'hot', language] as const,
    queryFn: async ({ signal }) => {
      const cached = readHotGames(language);
      if (cached) return cached;
      const { list } = await call(
        findHotGames,
        { query: { isPlatform: 2, platform: 'html5-desktop', language } },
        { signal },
      );
      writeHotGames(language, list);
      return list;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useHotGames = () => useQuery(hotGamesQuery(useGamesLanguage()));

/** Flush: drops the stored list and reads it again from the server. */
export const useFlushHotGames = () => {
  const client = useQueryClient();
  return useCallback(() => {
    flushHotGames();
    void client.invalidateQueries({ queryKey: ['games', 'hot'] });
  }, [client]);
};
