import { getInvitation } from '@lanna/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';

/** The agent's affiliate code, its registration link and QR code; they do not change. */
export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ['member', 'agent', 'invitation', token] as const,
    queryFn: ({ signal }) => call(getInvitation, {}, { signal }),
    staleTime: 5 * 60_000,
  });
