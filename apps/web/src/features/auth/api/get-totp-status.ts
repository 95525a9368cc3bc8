import { getTotpStatus } from '@lanna/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';
import { MEMBER_QUERY_ROOT } from './get-member-info';

export const totpStatusQuery = (token: string | null) =>
  queryOptions({
    queryKey: [MEMBER_QUERY_ROOT, 'totp', token] as const,
    queryFn: ({ signal }) => call(getTotpStatus, {}, { signal }),
    staleTime: 60_000,
  });

export const useTotpStatus = (token: string | null) =>
  useQuery({ ...totpStatusQuery(token), enabled: Boolean(token) });
