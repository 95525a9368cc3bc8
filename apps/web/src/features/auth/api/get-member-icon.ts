import { getMemberIcon } from '@lanna/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';
import { MEMBER_QUERY_ROOT } from './get-member-info';

export const memberIconQuery = (token: string | null) =>
  queryOptions({
    queryKey: [MEMBER_QUERY_ROOT, 'icon', token] as const,
    queryFn: ({ signal }) => call(getMemberIcon, {}, { signal }),
    staleTime: Infinity,
  });

export const useMemberIcon = (token: string | null, enabled: boolean) =>
  useQuery({ ...memberIconQuery(token), enabled: enabled && Boolean(token) });
