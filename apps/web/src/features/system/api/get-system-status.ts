import { getSystemStatus } from '@lanna/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';

/** While the site is closed the status is asked again, so it reopens without a reload. */
const CLOSED_RECHECK_MS = 60_000;

export const systemStatusQuery = () =>
  queryOptions({
    queryKey: ['system', 'status'] as const,
    queryFn: ({ signal }) => call(getSystemStatus, {}, { signal }),
    refetchInterval: (query) =>
      query.state.data && query.state.data.status !== 0 ? CLOSED_RECHECK_MS : false,
  });

export const useSystemStatus = () => useQuery(systemStatusQuery());
