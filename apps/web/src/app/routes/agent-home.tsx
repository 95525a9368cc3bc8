import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { LogoutDialog } from '@/features/auth/components/logout-dialog';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { TransferToDownline } from '@/features/wallet/components/transfer-to-downline';
import styles from './agent-home.module.css';
import { LaterReleasePage } from './later-release-page';

/**
 * /agentHome, the agent centre: only agents stay (anyone else goes to /agent, spec section 2);
 * its pages come with the agents work, except the transfer to a downline (spec section 6).
 * Agent logout returns to /agent.
 */
export const AgentHomeRoute = () => {
  const { t } = useTranslation();
  const auth = useAuth();
  const [confirmLogout, setConfirmLogout] = useState(false);
  if (auth.isPending) return <Spinner label={t('common.loading')} centred />;
  if (!auth.isLogin || !auth.isAgent) return <Navigate to={paths.agent} replace />;
  return (
    <>
      <LaterReleasePage
        title={t('pages.agentHome')}
        icon="users"
        testId="page-agentHome"
        badge={auth.member?.account}
      >
        <button
          type="button"
          className="btn btn--secondary"
          data-testid="agent-logout"
          onClick={() => setConfirmLogout(true)}
        >
          <Icon name="logout" size={16} />
          {t('account.signOut')}
        </button>
        <LogoutDialog
          open={confirmLogout}
          onCancel={() => setConfirmLogout(false)}
          redirectTo={paths.agent}
        />
      </LaterReleasePage>
      {auth.token && (
        <div className={styles.tools}>
          <TransferToDownline token={auth.token} />
        </div>
      )}
    </>
  );
};
