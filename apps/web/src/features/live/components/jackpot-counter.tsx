import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { formatMinorUnits } from '@/lib/money';
import { JACKPOT_POLL_MS, jackpotQuery } from '../api/live';
import { useTweenedMinor } from '../hooks/use-tweened-minor';
import { linear } from '../utils/tween';
import styles from './jackpot-counter.module.css';

/**
 * The home jackpot counter (spec section 2, Home page): the merchant's real jackpot pool,
 * rising at a steady pace from one reading to the next over the polling interval, so it keeps
 * moving without ever showing a figure the pool did not pass through. Hidden until the first
 * reading and when the pool cannot be read: a counter that is not real is not shown.
 */
export const JackpotCounter = () => {
  const { t } = useTranslation();
  const jackpot = useQuery(jackpotQuery());
  const shown = useTweenedMinor(jackpot.data?.amountMinor, {
    durationMs: JACKPOT_POLL_MS,
    easing: linear,
  });
  if (!jackpot.data || shown === undefined) {
    return jackpot.isPending ? (
      <div className={styles.counter} aria-busy="true" data-testid="jackpot-counter-loading">
        <span className={styles.placeholder} />
      </div>
    ) : null;
  }
  const { currencySymbol, currencyDecimals } = jackpot.data;
  const text = formatMinorUnits(shown.toString(), currencyDecimals);
  const exact = formatMinorUnits(jackpot.data.amountMinor, currencyDecimals);
  return (
    <section
      className={styles.counter}
      data-testid="jackpot-counter"
      aria-label={t('live.jackpot')}
    >
      <span className={styles.label}>
        <Icon name="trophy" size={18} />
        {t('live.jackpot')}
      </span>
      <span className={styles.amount} aria-hidden="true" data-testid="jackpot-amount">
        <span className={styles.symbol}>{currencySymbol}</span>
        {text}
      </span>
      <span className="visually-hidden" data-testid="jackpot-exact">
        {currencySymbol} {exact}
      </span>
    </section>
  );
};
