import type { Mission, MissionStatus } from '@lanna/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { failureText } from '@/components/ui/form/failure-text';
import { FormAlert } from '@/components/ui/form/form-alert';
import { isApiError } from '@/lib/api/api-error';
import type { CurrencyOf } from '@/lib/money';
import { useClaimPromotion } from '../api/claim-promotion';
import { claimedText } from '../utils/bonus-text';
import styles from './mission-activity.module.css';

/** The statuses that offer nothing to do: shown as a muted word. */
const INACTIVE: readonly MissionStatus[] = ['coming_soon', 'close', 'application_forbidden'];

type MissionActionsProps = { mission: Mission; currency: CurrencyOf };

/**
 * Why a claim was refused, in words. A mission's BONUS_NOT_ELIGIBLE means its target is not
 * reached in this period (progress moved back, say a bet was voided), so it says to finish the
 * task; the other refusals read as everywhere else.
 */
const refusalText = (t: TFunction, error: unknown): string =>
  isApiError(error) && error.code === 'BONUS_NOT_ELIGIBLE'
    ? t('missions.notEligible')
    : failureText(t, error);

/**
 * What a member can do with a mission: claim it once its target is reached, see it claimed for
 * this period, or read why it is not open. The claim's answer, with where the money went,
 * stays under the button after the list is read again (the mission then reads 'Claimed').
 */
export const MissionActions = ({ mission, currency }: MissionActionsProps) => {
  const { t } = useTranslation();
  const claim = useClaimPromotion();
  const { id, status } = mission;
  // While the claim and the re-read are under way the button stays, busy, so it never moves.
  const action =
    status === 'claim' || claim.isPending ? (
      <button
        type="button"
        className="btn btn--primary btn--sm"
        disabled={claim.isPending}
        aria-busy={claim.isPending}
        onClick={() => claim.mutate(id)}
        data-testid={`mission-claim-${id}`}
      >
        {claim.isPending ? t('missions.claiming') : t('missions.claim')}
      </button>
    ) : status === 'claimed' || INACTIVE.includes(status) ? (
      <span className={styles.status} data-status={status} data-testid={`mission-status-${id}`}>
        {t(`missions.status.${status}`)}
      </span>
    ) : null;
  const answer = claim.isError ? (
    <FormAlert testId={`mission-claim-error-${id}`}>{refusalText(t, claim.error)}</FormAlert>
  ) : claim.isSuccess ? (
    <FormAlert tone="success" testId={`mission-claim-done-${id}`}>
      {claimedText(t, claim.data, currency)}
    </FormAlert>
  ) : null;
  return (
    <div className={styles.actions}>
      {action}
      <div aria-live="polite" className={styles.answer}>
        {answer}
      </div>
    </div>
  );
};
