import { getMemberInfo } from '@lanna/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';

/** Member-scoped queries live under 'member'; logout and expiry remove them all. */
export const MEMBER_QUERY_ROOT = 'member';

/** The signed-in member, keyed by the session token so another login never sees the last one. */
export const memberInfoQuery = (token: string | null) =>
  queryOptions({
    queryKey: [MEMBER_QUERY_ROOT, 'info', token] as const,
    queryFn: ({ signal }) => call(getMemberInfo, {}, { signal }),
    staleTime: 5 * 60_000,
  });
