import { getRegisterRules } from '@lanna/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';

/** The merchant's registration rules per field (spec section 5). */
export const registerRulesQuery = () =>
  queryOptions({
    queryKey: ['system', 'registerRules'] as const,
    queryFn: ({ signal }) => call(getRegisterRules, {}, { signal }),
    staleTime: 5 * 60_000,
  });

export const useRegisterRules = () => useQuery(registerRulesQuery());
