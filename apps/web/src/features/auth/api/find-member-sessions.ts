import { findMemberSessions } from '@lanna/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';
import { MEMBER_QUERY_ROOT } from './get-member-info';

export const memberSessionsQuery = (token: string | null) =>
  queryOptions({
    queryKey: [MEMBER_QUERY_ROOT, 'sessions', token] as const,
    queryFn: ({ signal }) => call(findMemberSessions, {}, { signal }),
    staleTime: 30_000,
  });

export const useMemberSessions = (token: string | null) =>
  useQuery({ ...memberSessionsQuery(token), enabled: Boolean(token) });
