import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { loginPath } from '@/config/paths';
import { RealAccountNotice } from '@/features/auth/components/real-account-notice';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { errorText } from '@/features/auth/utils/error-message';
import { useGameActions } from '@/features/games/hooks/use-game-actions';
import { usePermission } from '@/features/system/api/get-permission';

/**
 * The game actions of a page, composed from the features they need: the login state (auth),
 * the trial notice, the merchant's launch CDNs (system) and the games' own rules. Render
 * `dialogs` once on the page.
 */
export const useSiteGameActions = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const auth = useAuth();
  const permission = usePermission();
  const [trialNotice, setTrialNotice] = useState(false);
  const from = `${location.pathname}${location.search}`;
  const requireLogin = useCallback(() => void navigate(loginPath(from)), [from, navigate]);
  const showTrialNotice = useCallback(() => setTrialNotice(true), []);
  const describeError = useCallback((error: unknown) => errorText(t, error), [t]);
  const viewer = useMemo(
    () => ({ isLogin: auth.isLogin, isTrial: auth.isTrial }),
    [auth.isLogin, auth.isTrial],
  );
  const { actions, dialogs } = useGameActions({
    viewer,
    token: auth.token,
    launchCdns: permission.data?.launchGameCDNs ?? [],
    requireLogin,
    showTrialNotice,
    describeError,
  });
  return {
    actions,
    auth,
    requireLogin,
    showTrialNotice,
    dialogs: (
      <>
        {dialogs}
        <RealAccountNotice open={trialNotice} onClose={() => setTrialNotice(false)} />
      </>
    ),
  };
};
