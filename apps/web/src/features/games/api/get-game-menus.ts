import { getGameMenus } from '@lanna/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';

export const gameMenusQuery = () =>
  queryOptions({
    queryKey: ['games', 'menus'] as const,
    queryFn: ({ signal }) => call(getGameMenus, {}, { signal }),
    staleTime: 5 * 60_000,
  });

export const useGameMenus = () => useQuery(gameMenusQuery());
