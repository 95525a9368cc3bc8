import { useCallback, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { loginPath } from '@/config/paths';
import { RealAccountNotice } from '../components/real-account-notice';
import { useAuth } from './use-auth';

/**
 * The real-account guard (spec section 6): a guest is sent to the login popup, a trial member
 * gets the 'in_need_true_account' notice, and only a real member's action runs. Render
 * `notice` wherever the hook is used.
 */
export const useRealAccountGuard = (): {
  guard: (action: () => void) => void;
  notice: ReactNode;
} => {
  const { isLogin, isTrial } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const guard = useCallback(
    (action: () => void) => {
      if (!isLogin) void navigate(loginPath());
      else if (isTrial) setOpen(true);
      else action();
    },
    [isLogin, isTrial, navigate],
  );
  return { guard, notice: <RealAccountNotice open={open} onClose={() => setOpen(false)} /> };
};
