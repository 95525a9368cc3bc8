import { findSocialProviders } from '@lanna/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';

export const socialProvidersQuery = () =>
  queryOptions({
    queryKey: ['auth', 'social-providers'] as const,
    queryFn: ({ signal }) => call(findSocialProviders, {}, { signal }),
    staleTime: 5 * 60_000,
  });

/** The social login buttons the merchant offers (spec section 2, Login popup). */
export const useSocialProviders = () => useQuery(socialProvidersQuery());
