import { getMerchant } from '@lanna/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';

export const merchantQuery = () =>
  queryOptions({
    queryKey: ['system', 'merchant'] as const,
    queryFn: ({ signal }) => call(getMerchant, {}, { signal }),
    staleTime: Infinity,
  });

export const useMerchant = () => useQuery(merchantQuery());
