import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '@/components/ui/icon';
import { formatMinorUnits } from '@/lib/money';
import { liveFiguresQuery } from '../api/live';
import { useTweenedMinor } from '../hooks/use-tweened-minor';
import { easeOutCubic } from '../utils/tween';
import styles from './live-figures.module.css';

const TWEEN = { durationMs: 1500, easing: easeOutCubic };

const Figure = ({
  icon,
  label,
  value,
  testId,
}: {
  icon: IconName;
  label: string;
  value: ReactNode;
  testId: string;
}) => (
  <div className={styles.figure} data-testid={testId}>
    <span className={styles.icon}>
      <Icon name={icon} size={20} />
    </span>
    <span className={styles.text}>
      <span className={styles.label}>{label}</span>
      <span className={styles.value}>{value}</span>
    </span>
  </div>
);

/**
 * The right panel's figures (spec section 2, Right panel): members online now and what the
 * merchant's games have paid in all, each from the server and moving smoothly to every new
 * reading. `children` is the provider logo list the page composes in.
 */
export const LiveFigures = ({ children }: { children?: ReactNode }) => {
  const { t, i18n } = useTranslation();
  const figures = useQuery(liveFiguresQuery());
  const online = useTweenedMinor(figures.data?.onlineCount.toString(), TWEEN);
  const winnings = useTweenedMinor(figures.data?.cumulativeWinningsMinor, TWEEN);
  if (figures.isError && !figures.data) return null;
  const pending = <span className={styles.placeholder} aria-label={t('common.loading')} />;
  const data = figures.data;
  return (
    <aside className={styles.panel} aria-label={t('live.panel')} data-testid="live-figures">
      <Figure
        icon="users"
        label={t('live.online')}
        testId="live-online"
        value={online === undefined ? pending : new Intl.NumberFormat(i18n.language).format(online)}
      />
      <Figure
        icon="coins"
        label={t('live.cumulativeWinnings')}
        testId="live-winnings"
        value={
          !data || winnings === undefined
            ? pending
            : `${data.currencySymbol} ${formatMinorUnits(winnings.toString(), data.currencyDecimals)}`
        }
      />
      {children}
    </aside>
  );
};
