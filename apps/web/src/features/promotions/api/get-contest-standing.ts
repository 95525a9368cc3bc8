import { getContestStanding } from '@lanna/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';
import { CONTEST_LIVE_REFETCH_MS } from './get-contest';

/** Every read of the member's own standing sits under this key (and 'member', which logout drops). */
export const CONTEST_STANDING_QUERY_KEY = ['member', 'contest'] as const;

/** The signed-in member's valid bet, tickets, place and prize in a contest, keyed by the token. */
export const contestStandingQuery = (token: string, id: number) =>
  queryOptions({
    queryKey: [...CONTEST_STANDING_QUERY_KEY, token, id] as const,
    queryFn: ({ signal }) => call(getContestStanding, { params: { id } }, { signal }),
  });

/**
 * The member's standing, for a real member's token only: a visitor has none and a trial's play
 * money takes part in nothing (spec section 6), so the server would refuse both. Read again with
 * the board while the contest is `live`.
 */
export const useContestStanding = (id: number, token: string | null, live: boolean) =>
  useQuery({
    ...contestStandingQuery(token ?? '', id),
    enabled: token !== null,
    refetchInterval: live ? CONTEST_LIVE_REFETCH_MS : false,
  });
