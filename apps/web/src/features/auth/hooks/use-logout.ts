import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { clearSession } from '@/lib/session';
import { MEMBER_QUERY_ROOT } from '../api/get-member-info';
import { logoutRequest } from '../api/logout';

/**
 * Logout (spec section 4, Login state): after the confirm dialog, a loader, the logout call,
 * session storage cleared except the merchant value, and a replace-navigation: to / from the
 * site, to /agent from the agent area. The session ends here even if the call fails: the
 * member asked to leave, and the server expires the token on its own.
 */
export const useLogout = (redirectTo: string) => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [loggingOut, setLoggingOut] = useState(false);
  const logout = useCallback(async () => {
    setLoggingOut(true);
    try {
      await logoutRequest().catch(() => undefined);
    } finally {
      clearSession();
      queryClient.removeQueries({ queryKey: [MEMBER_QUERY_ROOT] });
      setLoggingOut(false);
      void navigate(redirectTo, { replace: true });
    }
  }, [navigate, queryClient, redirectTo]);
  return { logout, loggingOut };
};
