import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import { SocialLoginCallback } from '@/features/auth/components/social-login-callback';
import styles from './auth-page.module.css';

/**
 * /social/callback: where a social login provider sends the visitor back. Signed in, the
 * member lands on the home page; otherwise the page says why and leads back to the login popup.
 */
export const SocialCallbackRoute = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const onSignedIn = useCallback(() => void navigate(paths.home, { replace: true }), [navigate]);
  return (
    <section className={styles.page} data-testid="page-social-callback">
      <div className={styles.card}>
        <header className={styles.head}>
          <span className={styles.icon}>
            <Icon name="login" size={26} />
          </span>
          <h1 className={styles.title}>{t('pages.socialCallback')}</h1>
        </header>
        <SocialLoginCallback onSignedIn={onSignedIn}>
          <Link to={paths.login} className={`btn btn--ghost ${styles.back}`}>
            {t('auth.social.backToLogin')}
          </Link>
        </SocialLoginCallback>
      </div>
    </section>
  );
};
