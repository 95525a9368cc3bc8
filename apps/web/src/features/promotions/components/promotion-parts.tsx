import type { PromotionStatus } from '@lanna/contract';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import styles from './promotions.module.css';

/**
 * An activity's picture in a box of fixed proportions, so nothing moves when it loads; without
 * one, a drawn placeholder in the brand's colours. Decorative either way: the title names it.
 */
export const PromotionArt = ({ imageUrl }: { imageUrl: string | null }) => (
  <div className={styles.art} data-placeholder={imageUrl === null}>
    {imageUrl === null ? (
      <Icon name="gift" size={40} />
    ) : (
      <img src={imageUrl} alt="" loading="lazy" decoding="async" width={640} height={320} />
    )}
  </div>
);

type PromotionStatusBadgeProps = {
  /** An activity's status, or an application's (applying, issued, rejected: the same words). */
  status: PromotionStatus;
  testId: string;
};

/** The caller's status of an activity (spec section 4, activity statuses), translated. */
export const PromotionStatusBadge = ({ status, testId }: PromotionStatusBadgeProps) => {
  const { t } = useTranslation();
  return (
    <span className={styles.status} data-status={status} data-testid={testId}>
      {t(`promotions.status.${status}`)}
    </span>
  );
};
