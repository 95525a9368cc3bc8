import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';
import { useAuth } from '@/features/auth/hooks/use-auth';
import styles from './auth-page.module.css';

/**
 * /agent, the agent login page (spec section 2): agents only ('non-agent cannot log in'), then
 * the agent centre. A signed-in agent goes straight there.
 */
export const AgentRoute = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const auth = useAuth();
  if (auth.isPending) return <Spinner label={t('common.loading')} centred />;
  if (auth.isLogin && auth.isAgent) return <Navigate to={paths.agentHome} replace />;
  return (
    <section className={styles.page} data-testid="page-agent">
      <div className={styles.card}>
        <header className={styles.head}>
          <span className={styles.icon}>
            <Icon name="shield" size={26} />
          </span>
          <h1 className={styles.title}>{t('pages.agent')}</h1>
          <p className={styles.lead}>{t('agent.lead')}</p>
        </header>
        <LoginForm
          area="agent"
          codeLogin={false}
          onSignedIn={({ passwordChangeRequired }) => {
            // A forced change first: its popup goes on to the agent centre when done.
            if (!passwordChangeRequired) void navigate(paths.agentHome, { replace: true });
          }}
        />
        <Link to={paths.home} className={`btn btn--ghost ${styles.back}`}>
          {t('common.backHome')}
        </Link>
      </div>
    </section>
  );
};
