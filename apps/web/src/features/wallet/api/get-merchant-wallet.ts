import { getMerchantWallet } from '@lanna/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';

/**
 * The merchant's wallet mode and vendor wallets: public, the same for every member of the
 * site, and changed only by an operator, so it is kept for a few minutes.
 */
export const merchantWalletQuery = () =>
  queryOptions({
    queryKey: ['wallet', 'merchant'] as const,
    queryFn: ({ signal }) => call(getMerchantWallet, {}, { signal }),
    staleTime: 5 * 60_000,
  });
