import { signOutOtherSessions } from '@lanna/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';
import { MEMBER_QUERY_ROOT } from './get-member-info';

export const signOutOtherSessionsRequest = () => call(signOutOtherSessions);

/** Signs out every other device, then reloads the session list. */
export const useSignOutOtherSessions = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutOtherSessionsRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [MEMBER_QUERY_ROOT, 'sessions'] }),
  });
};
