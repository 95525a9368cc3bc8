import { findMemberApplications } from '@lanna/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';

/** Every read of the member's applications sits under this key (and 'member', which logout drops). */
export const APPLICATIONS_QUERY_KEY = ['member', 'applications'] as const;

/**
 * The signed-in member's activity applications, newest first, keyed by the session token. An
 * operator may decide one at any time (the member is told by a platform message), so the list is
 * read again whenever it is shown.
 */
export const memberApplicationsQuery = (token: string) =>
  queryOptions({
    queryKey: [...APPLICATIONS_QUERY_KEY, token] as const,
    queryFn: ({ signal }) => call(findMemberApplications, {}, { signal }),
    staleTime: 0,
    refetchOnMount: 'always',
  });

export const useMemberApplications = (token: string) => useQuery(memberApplicationsQuery(token));
