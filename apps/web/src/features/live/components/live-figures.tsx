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

/** A provider of the merchant as the panel lists it: its code, name and badge colour. */
export type PanelProvider = { vassalage: string; displayName: string; color: string };

/** The panel lists the first 12 providers (spec section 9). */
export const PANEL_PROVIDER_LIMIT = 12;

/** The right panel's provider list: the merchant's first 12 providers, each with its colour. */
export const ProviderList = ({ providers }: { providers: readonly PanelProvider[] }) => {
  const { t } = useTranslation();
  if (providers.length === 0) return null;
  return (
    <ul className={styles.providers} aria-label={t('live.providers')} data-testid="live-providers">
      {providers.slice(0, PANEL_PROVIDER_LIMIT).map((provider) => (
        <li key={provider.vassalage} className={styles.provider}>
          <span
            className={styles.providerDot}
            style={{ background: provider.color }}
            aria-hidden="true"
          />
          {provider.displayName}
        </li>
      ))}
    </ul>
  );
};

/**
 * The right panel's figures (spec section 2, Right panel): members online now and what the
 * merchant's games have paid in all, each from the server and moving smoothly to every new
 * reading.
 */
export const LiveFigures = () => {
  const { t, i18n } = useTranslation();
  const figures = useQuery(liveFiguresQuery());
  const online = useTweenedMinor(figures.data?.onlineCount.toString(), TWEEN);
  const winnings = useTweenedMinor(figures.data?.cumulativeWinningsMinor, TWEEN);
  if (figures.isError && !figures.data) return null;
  const pending = (
    <span className={styles.placeholder}>
      <span className="visually-hidden">{t('common.loading')}</span>
    </span>
  );
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
    </aside>
  );
};
