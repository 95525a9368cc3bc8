import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { formatMinorUnits } from '@/lib/money';
import { walletBalanceQuery } from '../api/get-wallet-balance';
import { useBalanceHidden } from '../hooks/use-balance-hidden';
import styles from './header-balance.module.css';

// Spec section 9: refresh buttons are throttled to one press a second.
const REFRESH_THROTTLE_MS = 1000;

/**
 * The header balance (spec section 2, Layout): the main wallet with the currency symbol and
 * 2 decimals, an eye toggle that hides it, and a refresh. While loading it holds its place;
 * a failed load shows a dash and the refresh retries. A trial member's wallet holds play money
 * only (decision 017), and says so in place of 'Balance'.
 */
export const HeaderBalance = ({
  token,
  playMoney = false,
}: {
  token: string;
  playMoney?: boolean;
}) => {
  const { t } = useTranslation();
  const balance = useQuery(walletBalanceQuery(token));
  const { hidden, toggle } = useBalanceHidden();
  const lastRefresh = useRef(0);

  const refresh = () => {
    const now = Date.now();
    if (now - lastRefresh.current < REFRESH_THROTTLE_MS) return;
    lastRefresh.current = now;
    void balance.refetch();
  };

  const shown = balance.data
    ? `${balance.data.currencySymbol} ${formatMinorUnits(
        balance.data.balanceMinor,
        balance.data.currencyDecimals,
      )}`
    : null;

  return (
    <div className={styles.balance} data-testid="header-balance">
      <span className={styles.label} data-testid="header-balance-label">
        {playMoney ? t('wallet.playMoney') : t('wallet.balance')}
      </span>
      <span
        className={styles.amount}
        data-testid="header-balance-amount"
        aria-busy={balance.isPending}
        aria-live="polite"
      >
        {balance.isPending ? (
          <span className={styles.placeholder}>
            <span className="visually-hidden">{t('wallet.loading')}</span>
          </span>
        ) : shown === null ? (
          <span title={t('wallet.balanceUnavailable')}>—</span>
        ) : hidden ? (
          <span role="img" aria-label={t('wallet.balanceHidden')}>
            ••••••
          </span>
        ) : (
          shown
        )}
      </span>
      <button
        type="button"
        className={styles.iconButton}
        aria-pressed={hidden}
        aria-label={hidden ? t('wallet.showBalance') : t('wallet.hideBalance')}
        title={hidden ? t('wallet.showBalance') : t('wallet.hideBalance')}
        data-testid="header-balance-toggle"
        onClick={toggle}
      >
        <Icon name={hidden ? 'eyeOff' : 'eye'} size={16} />
      </button>
      <button
        type="button"
        className={`${styles.iconButton} ${styles.refresh} ${balance.isFetching ? styles.spinning : ''}`}
        aria-label={t('wallet.refreshBalance')}
        title={t('wallet.refreshBalance')}
        data-testid="header-balance-refresh"
        disabled={balance.isFetching}
        onClick={refresh}
      >
        <Icon name="refresh" size={16} />
      </button>
    </div>
  );
};
