import { getGameMenus } from '@lanna/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';

/**
 * The categories and vendors the filters offer: the game menus the side menu also reads, under
 * the same key so the page asks for them once.
 */
export const vendorMenusQuery = () =>
  queryOptions({
    queryKey: ['games', 'menus'] as const,
    queryFn: ({ signal }) => call(getGameMenus, {}, { signal }),
    staleTime: 5 * 60_000,
  });
