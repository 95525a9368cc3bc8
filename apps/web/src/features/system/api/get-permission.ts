import { getPermission } from '@lanna/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';

export const permissionQuery = () =>
  queryOptions({
    queryKey: ['system', 'permission'] as const,
    queryFn: ({ signal }) => call(getPermission, {}, { signal }),
    staleTime: 5 * 60_000,
  });

export const usePermission = () => useQuery(permissionQuery());
