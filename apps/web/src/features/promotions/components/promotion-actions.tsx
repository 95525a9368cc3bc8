import { DEPOSIT_BONUS_KINDS, type Promotion } from '@lanna/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { failureText } from '@/components/ui/form/failure-text';
import { FormAlert } from '@/components/ui/form/form-alert';
import { memberTabPath } from '@/config/paths';
import { moneyText, type CurrencyOf } from '@/lib/money';
import { useClaimPromotion } from '../api/claim-promotion';
import { ApplicationActions } from './application-actions';
import { EnvelopeActions } from './envelope-actions';
import styles from './promotions.module.css';

/** The card's test id prefix; the rules dialog's is 'promotion-detail'. */
export const CARD_TEST_ID_PREFIX = 'promotion';

type PromotionActionsProps = {
  promotion: Promotion;
  currency: CurrencyOf;
  /** Test ids read `${testIdPrefix}-claim-<id>`: the card's and the dialog's differ. */
  testIdPrefix: string;
};

/**
 * What a signed-in member can do with a deposit bonus from the centre: claim it once a deposit
 * qualifies, follow a claimed one to the member centre, or deposit first. The answer to a claim
 * stays under the buttons after the centre is read again (the status then says 'claimed').
 */
const BonusActions = ({ promotion, currency, testIdPrefix }: PromotionActionsProps) => {
  const { t } = useTranslation();
  const claim = useClaimPromotion();
  const { id, status } = promotion;
  const depositBonus = DEPOSIT_BONUS_KINDS.includes(promotion.kind);
  const claimable = status === 'claim' || claim.isPending;
  const action = claimable ? (
    <button
      type="button"
      className="btn btn--primary btn--sm"
      disabled={claim.isPending}
      aria-busy={claim.isPending}
      onClick={() => claim.mutate(id)}
      data-testid={`${testIdPrefix}-claim-${id}`}
    >
      {claim.isPending ? t('promotions.claim.claiming') : t('promotions.claim.button')}
    </button>
  ) : status === 'claimed' ? (
    <Link
      to={memberTabPath('bonusDetails')}
      className="btn btn--secondary btn--sm"
      data-testid={`${testIdPrefix}-bonus-link-${id}`}
    >
      {t('promotions.claim.viewBonus')}
    </Link>
  ) : status === 'join' && depositBonus ? (
    <Link
      to={memberTabPath('deposit')}
      className="btn btn--secondary btn--sm"
      data-testid={`${testIdPrefix}-deposit-link-${id}`}
    >
      {t('promotions.claim.depositFirst')}
    </Link>
  ) : null;
  const answer = claim.isError ? (
    <FormAlert testId={`${testIdPrefix}-claim-error-${id}`}>
      {failureText(t, claim.error)}
    </FormAlert>
  ) : claim.isSuccess ? (
    <FormAlert tone="success" testId={`${testIdPrefix}-claim-done-${id}`}>
      {t('promotions.claim.done', { amount: moneyText(currency, claim.data.bonusMinor) })}
    </FormAlert>
  ) : null;
  if (action === null && answer === null) return null;
  return (
    <div className={styles.actions}>
      {action}
      <div aria-live="polite" className={styles.answer}>
        {answer}
      </div>
    </div>
  );
};

/**
 * What a signed-in member can do with an activity from the centre, by its kind: open a red
 * envelope, apply to an apply-and-review activity, or claim a bonus.
 */
export const PromotionActions = ({ promotion, currency, testIdPrefix }: PromotionActionsProps) => {
  if (promotion.kind === 'red_envelope') {
    // The card's envelope ids are the envelope's own (envelope-open-<id>); the dialog's are
    // under its prefix, so the two never share one.
    const testIdScope = testIdPrefix === CARD_TEST_ID_PREFIX ? '' : `${testIdPrefix}-`;
    return <EnvelopeActions promotion={promotion} currency={currency} testIdScope={testIdScope} />;
  }
  if (promotion.kind === 'apply_review')
    return <ApplicationActions promotion={promotion} testIdPrefix={testIdPrefix} />;
  return <BonusActions promotion={promotion} currency={currency} testIdPrefix={testIdPrefix} />;
};
