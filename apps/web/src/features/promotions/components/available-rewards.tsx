import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { promotionsPath } from '@/config/paths';
import { availablePromotionsQuery } from '../api/available-promotions';
import styles from './applications.module.css';

/**
 * Ready to claim: the activities the reward centre's badge counts, each leading to the centre,
 * where its terms stand beside its claim button. Nothing while loading or when there is none,
 * so the section appears only when the badge does.
 */
export const AvailableRewards = ({ token }: { token: string }) => {
  const { t } = useTranslation();
  const headingId = useId();
  const available = useQuery(availablePromotionsQuery(token)).data?.availablePromo ?? [];
  if (available.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby={headingId} data-testid="available-rewards">
      <h2 id={headingId} className={styles.heading}>
        {t('promotions.available.title')}
      </h2>
      <ul className={styles.list}>
        {available.map(({ id, title }) => (
          <li key={id} className={styles.application} data-testid={`available-reward-${id}`}>
            <div className={styles.head}>
              <h3 className={styles.title}>{title}</h3>
              <Link to={promotionsPath('all')} className="btn btn--primary btn--sm">
                {t('promotions.available.claim')}
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
};
