import { findBonusGrants, type BonusGrantList } from '@lanna/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';

/** Every read of the member's bonuses sits under this key (and 'member', which logout drops). */
export const BONUS_GRANTS_QUERY_KEY = ['member', 'bonuses'] as const;

/** While a bonus still has wagering to do, its progress is read again this often. */
const ACTIVE_REFETCH_MS = 15_000;

const hasActiveGrant = (value: BonusGrantList | undefined): boolean =>
  value?.list.some((grant) => grant.status === 'active') ?? false;

/**
 * The signed-in member's bonuses, keyed by the session token. The server counts the bets settled
 * since the last look on each read, so the list is never fresh: it is read again whenever it is
 * shown, and every 15 s while a bonus is still being wagered.
 */
export const bonusGrantsQuery = (token: string) =>
  queryOptions({
    queryKey: [...BONUS_GRANTS_QUERY_KEY, token] as const,
    queryFn: ({ signal }) => call(findBonusGrants, {}, { signal }),
    staleTime: 0,
    refetchOnMount: 'always',
    refetchInterval: (query) => (hasActiveGrant(query.state.data) ? ACTIVE_REFETCH_MS : false),
  });

export const useBonusGrants = (token: string) => useQuery(bonusGrantsQuery(token));
