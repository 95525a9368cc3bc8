import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { AnnouncementList } from '@/features/content/components/announcement-list';
import { audienceOf } from '@/features/content/utils/announcement-audience';
import { Spinner } from '@/components/ui/spinner';
import { isFirstLoginSession } from '@/lib/first-login';
import { useBootData } from '../boot-data';
import styles from './content-page.module.css';

/** /announce: every announcement of the visitor's audience, 9 a page (spec sections 2 and 9). */
export const AnnounceRoute = () => {
  const { t } = useTranslation();
  const { merchant } = useBootData();
  const auth = useAuth();
  return (
    <section className={styles.page} data-testid="page-announce">
      <header className={styles.head}>
        <span className={styles.icon}>
          <Icon name="megaphone" size={22} />
        </span>
        <h1 className={styles.title}>{t('pages.announce')}</h1>
      </header>
      {auth.isPending ? (
        <Spinner label={t('common.loading')} centred />
      ) : (
        <AnnouncementList
          audience={audienceOf(auth.member ?? null, isFirstLoginSession())}
          timeZone={merchant.timeZone}
        />
      )}
    </section>
  );
};
