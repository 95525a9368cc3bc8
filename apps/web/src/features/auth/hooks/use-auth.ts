import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/lib/session';
import { memberInfoQuery } from '../api/get-member-info';
import { loginStateOf } from '../utils/login-state';

/**
 * The login state (spec sections 3 and 4): the stored token, the member it belongs to and the
 * flags. While a forced password change is pending, login info waits for it (spec section 4,
 * Login flow: the change-password popup opens instead of login info loading).
 */
export const useAuth = () => {
  const { token, passwordChangeRequired } = useSession();
  const info = useQuery({
    ...memberInfoQuery(token),
    enabled: Boolean(token) && !passwordChangeRequired,
  });
  const member = token ? info.data : undefined;
  return {
    token,
    member,
    passwordChangeRequired,
    /** A token is stored and its member has not loaded yet. */
    isPending: Boolean(token) && !passwordChangeRequired && info.isPending,
    /** Member info failed to load for a reason other than an ended session (a 401 logs out). */
    error: token ? info.error : null,
    reload: () => void info.refetch(),
    ...loginStateOf(token, member),
  };
};
