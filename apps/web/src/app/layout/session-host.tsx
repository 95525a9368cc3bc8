import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Modal } from '@/components/ui/modal/modal';
import { Spinner } from '@/components/ui/spinner';
import { loginPath, paths } from '@/config/paths';
import { MEMBER_QUERY_ROOT } from '@/features/auth/api/get-member-info';
import { lazyNamed } from '@/lib/lazy-named';
import { onSessionExpired, useSession } from '@/lib/session';
import { ContractRequestsModal } from '../modals/contract-requests-modal';
import styles from './modal-host.module.css';

const ForcedPasswordChangeModal = lazyNamed(
  () => import('../modals/forced-password-change-modal'),
  'ForcedPasswordChangeModal',
);

const isAgentArea = (pathname: string) =>
  pathname.toLowerCase().startsWith(paths.agent.toLowerCase());

/**
 * What the session needs in every layout (the site's and the agent area's):
 * - a 401 from the server has ended the session: member data is dropped and the login popup
 *   opens, remembering the page (the agent area's own login page there);
 * - a login that must change its password gets the change-password popup, which cannot be
 *   closed until the change is made (spec section 4, Login flow);
 * - an agent with a contract offer or ending to answer gets the contract pop-up.
 */
export const SessionHost = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { passwordChangeRequired } = useSession();
  const here = useRef(location);
  useEffect(() => {
    here.current = location;
  }, [location]);

  useEffect(
    () =>
      onSessionExpired(() => {
        queryClient.removeQueries({ queryKey: [MEMBER_QUERY_ROOT] });
        const { pathname, search } = here.current;
        if (pathname === paths.login) return;
        const target = isAgentArea(pathname) ? paths.agent : loginPath(`${pathname}${search}`);
        void navigate(target, { replace: true });
      }),
    [navigate, queryClient],
  );

  return (
    <>
      <ContractRequestsModal />
      <Modal
        name="changePasswordModal"
        open={passwordChangeRequired}
        title={t('auth.changePassword')}
      >
        <Suspense
          fallback={
            <div className={styles.loading}>
              <Spinner label={t('common.loading')} />
            </div>
          }
        >
          <ForcedPasswordChangeModal />
        </Suspense>
      </Modal>
    </>
  );
};
