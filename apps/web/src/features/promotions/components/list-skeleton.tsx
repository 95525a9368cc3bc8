import { useTranslation } from 'react-i18next';
import styles from './list-skeleton.module.css';

/** The shape of a member's list of bonuses or applications while it loads: `count` cards. */
export const ListSkeleton = ({ count }: { count: number }) => {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('common.loading')} className={styles.list}>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className={styles.card} aria-hidden="true">
          <span />
          <span />
          <span />
        </div>
      ))}
    </div>
  );
};
