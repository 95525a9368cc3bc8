import type { ContestKind, ContestStanding as Standing } from '@lanna/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/ui/load-error';
import { errorMessageKey, isApiError } from '@/lib/api/api-error';
import { moneyText, type CurrencyOf } from '@/lib/money';
import { useContestStanding } from '../api/get-contest-standing';
import { PromotionStatusBadge } from './promotion-parts';
import styles from './contests.module.css';

type ContestStandingProps = {
  promotionId: number;
  kind: ContestKind;
  /** A real member's session token; the standing is never asked for without one. */
  token: string;
  /** Whether the board is final; null until it is read. A standing moves while it is not. */
  decided: boolean | null;
  currency: CurrencyOf;
};

/** A ranking's place, or where a raffle's draw put the member; what not having one means. */
const placeText = (t: TFunction, kind: ContestKind, standing: Standing, decided: boolean) => {
  if (standing.place !== null)
    return t('promotions.contest.standing.placeValue', { place: standing.place });
  if (kind === 'raffle') return t('promotions.contest.standing.notDrawn');
  return decided
    ? t('promotions.contest.standing.notRanked')
    : t('promotions.contest.standing.unranked');
};

/**
 * The signed-in member's own standing: valid bet so far, a ranking's place or a raffle's tickets
 * (and, once drawn, its place), and the prize that goes with it. A trial account that still asks
 * is refused by the server (spec section 6): it then shows nothing rather than an error.
 */
export const ContestStanding = ({
  promotionId,
  kind,
  token,
  decided,
  currency,
}: ContestStandingProps) => {
  const { t } = useTranslation();
  const query = useContestStanding(promotionId, token, decided === false);
  if (query.isPending) return <p className={styles.note}>{t('common.loading')}</p>;
  if (query.isError) {
    if (isApiError(query.error) && query.error.code === 'TRIAL_ACCOUNT_FORBIDDEN') return null;
    return (
      <LoadError
        message={t(errorMessageKey(query.error))}
        onRetry={() => void query.refetch()}
        testId="contest-standing-error"
      />
    );
  }
  const standing = query.data;
  const raffle = kind === 'raffle';
  const final = decided === true;
  // A raffle's places come from the draw: before it, there is none to show.
  const showPlace = !raffle || final;
  return (
    <section className={styles.standing} data-testid="contest-standing">
      <h3 className={styles.heading}>{t('promotions.contest.standing.title')}</h3>
      <dl className={styles.figures}>
        <div>
          <dt>{t('promotions.contest.standing.validBet')}</dt>
          <dd>{moneyText(currency, standing.validBetMinor)}</dd>
        </div>
        {raffle && (
          <div>
            <dt>{t('promotions.contest.standing.tickets')}</dt>
            <dd>{standing.tickets.toLocaleString('en-US')}</dd>
          </div>
        )}
        {showPlace && (
          <div>
            <dt>{t('promotions.contest.standing.place')}</dt>
            <dd>{placeText(t, kind, standing, final)}</dd>
          </div>
        )}
        {standing.prizeMinor !== null && (
          <div>
            <dt>{t('promotions.contest.standing.prize')}</dt>
            <dd>
              {moneyText(currency, standing.prizeMinor)}{' '}
              {standing.claimed && (
                <PromotionStatusBadge status="claimed" testId="contest-standing-claimed" />
              )}
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
};
