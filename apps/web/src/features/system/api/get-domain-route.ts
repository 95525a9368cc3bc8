import { getDomainRoute } from '@lanna/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';

export const domainRouteQuery = () =>
  queryOptions({
    queryKey: ['system', 'domainRoute'] as const,
    queryFn: ({ signal }) => call(getDomainRoute, {}, { signal }),
    staleTime: 10 * 60_000,
  });

export const useDomainRoute = () => useQuery(domainRouteQuery());
