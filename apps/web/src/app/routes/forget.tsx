import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import { useBanners } from '@/features/content/api/find-banners';
import { GroupBanners } from '@/features/content/components/banner-carousel';
import { ForgotPasswordModal } from '../modals/forgot-password-modal';
import styles from './auth-page.module.css';

/** /forget: the forgot-password form as a page (spec section 2, Routes). */
export const ForgetRoute = () => {
  const { t } = useTranslation();
  const banners = useBanners('w_forget');
  return (
    <section className={styles.page} data-testid="page-forget">
      <div className={styles.card}>
        <GroupBanners banners={banners.data?.list} />
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
