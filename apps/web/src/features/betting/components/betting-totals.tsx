import type { BettingTotals as Totals } from '@lanna/contract';
import { useTranslation } from 'react-i18next';
import { formatMinorUnits } from '@/lib/money';
import styles from './betting.module.css';

/** Whether an amount is a gain, a loss or nothing, for its colour. */
export const profitClass = (profitMinor: string): string | undefined =>
  profitMinor.startsWith('-') ? styles.loss : profitMinor === '0' ? undefined : styles.gain;

/** A signed amount: a gain carries its plus sign. */
export const formatProfit = (profitMinor: string, currencyDecimals: number): string =>
  `${profitMinor.startsWith('-') || profitMinor === '0' ? '' : '+'}${formatMinorUnits(profitMinor, currencyDecimals)}`;

type BettingTotalsProps = { totals: Totals; currencyDecimals: number; testId: string };

/** The sums of everything the filter selects: bet, valid bet, win and profit. */
export const BettingTotals = ({ totals, currencyDecimals, testId }: BettingTotalsProps) => {
  const { t } = useTranslation();
  const money = (amountMinor: string) => formatMinorUnits(amountMinor, currencyDecimals);
  const tiles = [
    { key: 'bet', label: t('betting.bet'), value: money(totals.betMinor) },
    { key: 'validBet', label: t('betting.validBet'), value: money(totals.validBetMinor) },
    { key: 'win', label: t('betting.win'), value: money(totals.winMinor) },
    {
      key: 'profit',
      label: t('betting.profit'),
      value: formatProfit(totals.profitMinor, currencyDecimals),
      className: profitClass(totals.profitMinor),
    },
  ];
  return (
    <dl className={styles.totals} data-testid={testId}>
      {tiles.map((tile) => (
        <div key={tile.key} className={styles.tile}>
          <dt className={styles.tileLabel}>{tile.label}</dt>
          <dd
            className={`${styles.tileValue} ${tile.className ?? ''}`}
            data-testid={`${testId}-${tile.key}`}
          >
            {tile.value}
          </dd>
        </div>
      ))}
    </dl>
  );
};
