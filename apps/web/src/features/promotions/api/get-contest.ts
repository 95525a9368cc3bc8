import { getContest, type ContestState } from '@lanna/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';

/** Every read of a contest's board sits under this key; a claimed prize reads it again. */
export const CONTEST_QUERY_KEY = ['promotions', 'contest'] as const;

/** While a contest runs, its board is read again this often: bets settle all the time. */
export const CONTEST_LIVE_REFETCH_MS = 30_000;

/** Whether a contest's board still moves: read, and not decided yet. */
export const isContestLive = (state: ContestState | undefined): boolean =>
  state !== undefined && !state.decided;

/**
 * A turnover ranking's board or a raffle's tickets, seed hash and (once drawn) winners, seed and
 * entries (public: visitors see it too). Read only where the board is shown (the rules dialog),
 * never for every card, and again every 30 s until the contest is decided.
 */
export const contestQuery = (id: number) =>
  queryOptions({
    queryKey: [...CONTEST_QUERY_KEY, id] as const,
    queryFn: ({ signal }) => call(getContest, { params: { id } }, { signal }),
    refetchInterval: (query) => (isContestLive(query.state.data) ? CONTEST_LIVE_REFETCH_MS : false),
  });

export const useContest = (id: number) => useQuery(contestQuery(id));
