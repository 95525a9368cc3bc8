import { getWalletBalance } from '@lanna/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';

/**
 * The signed-in member's wallets, under the 'member' root (logout removes it) and keyed by the
 * session token. Fresh for 30 s: money changes arrive by refresh or, later, by the live event.
 */
export const walletBalanceQuery = (token: string) =>
  queryOptions({
    queryKey: ['member', 'wallet', 'balance', token] as const,
    queryFn: ({ signal }) => call(getWalletBalance, {}, { signal }),
    staleTime: 30_000,
  });
