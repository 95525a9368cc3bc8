import type { LoginValue } from '@lanna/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { markFirstLogin } from '@/lib/first-login';
import { clearSession, startSession } from '@/lib/session';
import { completeFirstLoginRequest } from '../api/complete-first-login';
import { MEMBER_QUERY_ROOT, memberInfoQuery } from '../api/get-member-info';
import { rememberKnownPassword } from '../utils/known-password';

export type SignInResult = { passwordChangeRequired: boolean };

/**
 * The end of every sign-in: login, registration, free play, the phone password reset (spec
 * section 4, Login flow). The token goes into session storage; a first login makes the
 * first-login call; a forced password change opens the change-password popup (the shell shows
 * it from the session flag); otherwise login info loads, and only then is the member signed in.
 */
export const useCompleteSignIn = () => {
  const queryClient = useQueryClient();
  return useCallback(
    async (value: LoginValue, { password }: { password?: string } = {}): Promise<SignInResult> => {
      queryClient.removeQueries({ queryKey: [MEMBER_QUERY_ROOT] });
      startSession(value.token, { passwordChangeRequired: value.mustChangePassword });
      if (value.firstTimeLogin) {
        markFirstLogin();
        // The server also forces the change on a first login; the record is best effort.
        await completeFirstLoginRequest().catch(() => undefined);
      }
      if (value.mustChangePassword) {
        rememberKnownPassword(password ?? null);
        return { passwordChangeRequired: true };
      }
      try {
        await queryClient.query(memberInfoQuery(value.token));
      } catch (error) {
        clearSession();
        throw error;
      }
      return { passwordChangeRequired: false };
    },
    [queryClient],
  );
};
