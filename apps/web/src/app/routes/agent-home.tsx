import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import { paths, type AgentTab } from '@/config/paths';
import { LogoutDialog } from '@/features/auth/components/logout-dialog';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { isWhitelabelEnabled } from '@/features/system/utils/whitelabel';
import { useBootData } from '../boot-data';
import styles from './agent-home.module.css';
import { AgentMenu, agentMenuEntries } from './agent-menu';
import { AGENT_PAGES } from './agent-pages';
import centre from './centre.module.css';

const DEFAULT_TAB: AgentTab = 'teamOverview';

/**
 * /agentHome, the agent centre (spec section 2): only agents stay (anyone else goes to /agent),
 * its menu in the spec's order with team overview as the default page, each entry its own
 * address (`?tab=`, as the member centre's). Agent logout returns to /agent.
 */
export const AgentHomeRoute = () => {
  const { t } = useTranslation();
  const auth = useAuth();
  const { merchant, permission } = useBootData();
  const [confirmLogout, setConfirmLogout] = useState(false);
  const requested = useSearchParams()[0].get('tab');
  const entries = agentMenuEntries({
    dividendsEnabled: isWhitelabelEnabled(permission.whitelabel, 'AGENTDIV3'),
    salaryEnabled: isWhitelabelEnabled(permission.whitelabel, 'AGENTSAL3'),
  });
  const tab = entries.find((entry) => entry === requested) ?? DEFAULT_TAB;

  if (auth.isPending) return <Spinner label={t('common.loading')} centred />;
  if (!auth.isLogin || !auth.isAgent || !auth.member || !auth.token)
    return <Navigate to={paths.agent} replace />;
  const page = AGENT_PAGES[tab];
  return (
    <div className={styles.home} data-testid="page-agentHome">
      <header className={styles.bar}>
        <p className={styles.who}>
          <Icon name="user" size={18} />
          <span>
            {t('agentCentre.signedInAs')} <strong>{auth.member.account}</strong>
          </span>
        </p>
        <span className={styles.actions}>
          <Link to={paths.home} className="btn btn--ghost btn--sm">
            <Icon name="arrowLeft" size={16} />
            {t('agentCentre.mainSite')}
          </Link>
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            data-testid="agent-logout"
            onClick={() => setConfirmLogout(true)}
          >
            <Icon name="logout" size={16} />
            {t('account.signOut')}
          </button>
        </span>
      </header>
      <div className={centre.centre}>
        <AgentMenu entries={entries} current={tab} />
        <div data-testid={`agent-page-${tab}`}>
          <h1 className={centre.title}>{t(`agentCentre.menu.${tab}`)}</h1>
          {page({
            token: auth.token,
            member: auth.member,
            timeZone: merchant.timeZone,
            permission,
            currency: merchant,
          })}
        </div>
      </div>
      <LogoutDialog
        open={confirmLogout}
        onCancel={() => setConfirmLogout(false)}
        redirectTo={paths.agent}
      />
    </div>
  );
};
