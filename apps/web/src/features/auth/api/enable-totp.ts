import { enableTotp } from '@lanna/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';
import { MEMBER_QUERY_ROOT } from './get-member-info';

export const enableTotpRequest = (code: string) => call(enableTotp, { body: { code } });

/** Finishes enrolment with a first code from the app, then reloads the status. */
export const useEnableTotp = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTotpRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [MEMBER_QUERY_ROOT, 'totp'] }),
  });
};
