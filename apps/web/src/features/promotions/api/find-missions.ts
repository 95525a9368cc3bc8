import { findMissions } from '@lanna/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';

/** Every read of the member's missions sits under this key (and 'member', which logout drops). */
export const MISSIONS_QUERY_KEY = ['member', 'missions'] as const;

/**
 * The merchant's missions with the signed-in member's progress, keyed by the session token. The
 * server reads progress from what the member did in the period on each read (decision 025), so
 * the list is never fresh: it is read again whenever the tab or the menu's badge is shown. One
 * query serves both, so a claim that reads it again updates the tab and the badge together.
 */
export const missionsQuery = (token: string) =>
  queryOptions({
    queryKey: [...MISSIONS_QUERY_KEY, token] as const,
    queryFn: ({ signal }) => call(findMissions, {}, { signal }),
    staleTime: 0,
    refetchOnMount: 'always',
  });

export const useMissions = (token: string) => useQuery(missionsQuery(token));
