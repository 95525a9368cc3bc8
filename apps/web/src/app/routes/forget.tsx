import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import { ForgotPasswordModal } from '../modals/forgot-password-modal';
import styles from './auth-page.module.css';

/** /forget: the forgot-password form as a page (spec section 2, Routes). */
export const ForgetRoute = () => {
  const { t } = useTranslation();
  return (
    <section className={styles.page} data-testid="page-forget">
      <div className={styles.card}>
        <header className={styles.head}>
          <span className={styles.icon}>
            <Icon name="lock" size={26} />
          </span>
          <h1 className={styles.title}>{t('pages.forget')}</h1>
        </header>
        <ForgotPasswordModal onDone={() => undefined} />
        <Link to={paths.login} className={`btn btn--ghost ${styles.back}`}>
          {t('forgot.backToLogin')}
        </Link>
      </div>
    </section>
  );
};
