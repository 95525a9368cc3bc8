import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { walletBalanceQuery } from '../api/get-wallet-balance';

/**
 * Refreshes the member's wallets (the header balance and the My wallet page read the same
 * query) after money moved, or after a refusal that says the shown balance was stale.
 */
export const useRefreshBalance = (token: string) => {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: walletBalanceQuery(token).queryKey }),
    [queryClient, token],
  );
};
