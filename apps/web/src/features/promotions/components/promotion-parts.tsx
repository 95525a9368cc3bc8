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
  /** A ranking's or a raffle's: some statuses mean something else there (see below). */
  contest?: boolean;
  testId: string;
};

/** The statuses a contest words its own way: counted by bets, then decided, then ended. */
const CONTEST_WORDED = ['join', 'joined', 'process', 'close'] as const;
type ContestWorded = (typeof CONTEST_WORDED)[number];
const isContestWorded = (status: PromotionStatus): status is ContestWorded =>
  (CONTEST_WORDED as readonly string[]).includes(status);

/**
 * The caller's status of an activity (spec section 4, activity statuses), translated. A contest
 * has no registration: it counts valid bets ('join' is 'bet to take part', 'joined' is being
 * counted), is decided after the end ('process') and is over for a member without a prize
 * ('close'), so those four read so there.
 */
export const PromotionStatusBadge = ({ status, contest, testId }: PromotionStatusBadgeProps) => {
  const { t } = useTranslation();
  return (
    <span className={styles.status} data-status={status} data-testid={testId}>
      {contest === true && isContestWorded(status)
        ? t(`promotions.contest.status.${status}`)
        : t(`promotions.status.${status}`)}
    </span>
  );
};
