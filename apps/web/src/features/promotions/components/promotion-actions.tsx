import { DEPOSIT_BONUS_KINDS, isContestKind, isRewardKind, type Promotion } from '@lanna/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { failureText } from '@/components/ui/form/failure-text';
import { FormAlert } from '@/components/ui/form/form-alert';
import { memberTabPath } from '@/config/paths';
import { isApiError } from '@/lib/api/api-error';
import type { CurrencyOf } from '@/lib/money';
import { useClaimPromotion } from '../api/claim-promotion';
import { claimedText } from '../utils/bonus-text';
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
 * Why a claim was refused, in words. A period reward is not short of a deposit but of its
 * period's conditions (a rebate of a day without a net loss), so its BONUS_NOT_ELIGIBLE says so;
 * a contest's means the member won no prize, and its PROMOTION_CLOSED that the days to claim
 * after the end are over.
 */
const refusalText = (t: TFunction, promotion: Promotion, error: unknown): string => {
  const code = isApiError(error) ? error.code : null;
  if (isRewardKind(promotion.kind) && code === 'BONUS_NOT_ELIGIBLE')
    return t('promotions.reward.notEligible');
  if (isContestKind(promotion.kind) && code === 'BONUS_NOT_ELIGIBLE')
    return t('promotions.contest.notEligible');
  if (isContestKind(promotion.kind) && code === 'PROMOTION_CLOSED')
    return t('promotions.contest.claimOver');
  return failureText(t, error);
};

/**
 * What a signed-in member can do with a deposit bonus, a period reward or a contest's prize from
 * the centre: claim it once a deposit or the period qualifies (a contest: once decided, for a
 * winner), follow a claimed one to the member centre, or deposit first (a deposit bonus). The
 * answer to a claim, with where the money went, stays under the buttons after the centre is read
 * again (the status then says 'claimed').
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
      {claim.isPending
        ? t('promotions.claim.claiming')
        : isContestKind(promotion.kind)
          ? t('promotions.contest.claim')
          : isRewardKind(promotion.kind)
            ? t('promotions.claim.reward')
            : t('promotions.claim.button')}
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
      {refusalText(t, promotion, claim.error)}
    </FormAlert>
  ) : claim.isSuccess ? (
    <FormAlert tone="success" testId={`${testIdPrefix}-claim-done-${id}`}>
      {claimedText(t, claim.data, currency)}
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
 * envelope, apply to an apply-and-review activity, or claim a bonus, a period reward or a
 * contest's prize.
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
