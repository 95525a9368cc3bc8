import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { clearPasswordChangeRequired, getSessionToken } from '@/lib/session';
import { memberInfoQuery } from '../api/get-member-info';
import { rememberKnownPassword } from '../utils/known-password';

/**
 * After the forced change (spec section 4, Login flow): the flag is cleared and login info
 * reloads; the caller then closes the popup and goes to /.
 */
export const useFinishPasswordChange = () => {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    rememberKnownPassword(null);
    clearPasswordChangeRequired();
    const token = getSessionToken();
    if (token) await queryClient.query(memberInfoQuery(token)).catch(() => undefined);
  }, [queryClient]);
};
