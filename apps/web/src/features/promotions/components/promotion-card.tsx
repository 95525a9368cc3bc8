import { isContestKind, type Promotion } from '@lanna/contract';
import { useTranslation } from 'react-i18next';
import type { CurrencyOf } from '@/lib/money';
import { bonusTermsText } from '../utils/bonus-text';
import { contestTermsText } from '../utils/contest-text';
import { periodText } from '../utils/period-text';
import { rewardTermsText } from '../utils/reward-text';
import { EnvelopeFacts } from './envelope-facts';
import { CARD_TEST_ID_PREFIX, PromotionActions } from './promotion-actions';
import { PromotionArt, PromotionStatusBadge } from './promotion-parts';
import styles from './promotions.module.css';

type PromotionCardProps = {
  promotion: Promotion;
  timeZone: string;
  currency: CurrencyOf;
  /** A signed-in member gets the actions (claim a bonus, open an envelope, apply). */
  signedIn: boolean;
  onOpen: (promotion: Promotion) => void;
};

/**
 * An activity of the centre: its picture, title, summary, a deposit bonus's, a period reward's or
 * a contest's terms or a red envelope's figures, period and the caller's status. The title is the
 * card's button (its name is the title alone) and its hit area covers the card; the actions sit
 * above it. A contest's board is read only in the dialog, never for every card of the list.
 */
export const PromotionCard = ({
  promotion,
  timeZone,
  currency,
  signedIn,
  onOpen,
}: PromotionCardProps) => {
  const { t } = useTranslation();
  return (
    <article className={styles.card} data-testid={`promotion-card-${promotion.id}`}>
      <PromotionArt imageUrl={promotion.imageUrl} />
      <div className={styles.cardBody}>
        <h2 className={styles.cardTitle}>
          <button type="button" className={styles.open} onClick={() => onOpen(promotion)}>
            {promotion.title}
          </button>
        </h2>
        {promotion.summary && <p className={styles.summary}>{promotion.summary}</p>}
        {promotion.bonusRule && (
          <p className={styles.terms} data-testid="promotion-terms">
            {bonusTermsText(t, promotion.bonusRule, currency)}
          </p>
        )}
        {promotion.rewardRule && (
          <p className={styles.terms} data-testid="promotion-terms">
            {rewardTermsText(t, promotion.rewardRule, currency)}
          </p>
        )}
        {promotion.contestRule && promotion.endsAt !== null && (
          <p className={styles.terms} data-testid="promotion-terms">
            {contestTermsText(
              t,
              { rule: promotion.contestRule, endsAt: promotion.endsAt },
              timeZone,
              currency,
            )}
          </p>
        )}
        {promotion.envelopeRule && (
          <EnvelopeFacts
            promotionId={promotion.id}
            rule={promotion.envelopeRule}
            currency={currency}
            testId={`envelope-facts-${promotion.id}`}
          />
        )}
        <div className={styles.cardFoot}>
          <p className={styles.period}>{periodText(t, promotion, timeZone)}</p>
          <PromotionStatusBadge
            status={promotion.status}
            contest={isContestKind(promotion.kind)}
            testId={`promotion-status-${promotion.id}`}
          />
        </div>
        {signedIn && (
          <PromotionActions
            promotion={promotion}
            currency={currency}
            testIdPrefix={CARD_TEST_ID_PREFIX}
          />
        )}
      </div>
    </article>
  );
};

/** A card's shape while the centre loads. */
export const PromotionCardSkeleton = () => (
  <div className={styles.skeleton} aria-hidden="true">
    <span />
    <span />
    <span />
  </div>
);
