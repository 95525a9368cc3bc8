import { findVassalageGameTypes, type GameCategory } from '@lanna/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';

/** The sub-type filters of a category or vendor, with how many games each holds. */
export const vassalageTypesQuery = (gameType: GameCategory, vassalage: string | null) =>
  queryOptions({
    queryKey: ['games', 'vassalageTypes', gameType, vassalage] as const,
    queryFn: ({ signal }) =>
      call(
        findVassalageGameTypes,
        { query: { gameType, ...(vassalage ? { vassalage } : {}) } },
        { signal },
      ),
    staleTime: 5 * 60_000,
  });

export const useVassalageTypes = (gameType: GameCategory, vassalage: string | null) =>
  useQuery(vassalageTypesQuery(gameType, vassalage));
