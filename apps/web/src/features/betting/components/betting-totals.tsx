import type { BettingTotals as Totals } from '@lanna/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import table from '@/components/ui/records-table.module.css';
import type { RecordsColumn } from '@/components/ui/records-view';
import { formatMinorUnits } from '@/lib/money';
import styles from './betting.module.css';

/** Whether an amount is a gain, a loss or nothing, for its colour. */
export const profitClass = (profitMinor: string): string | undefined =>
  profitMinor.startsWith('-') ? table.loss : profitMinor === '0' ? undefined : table.gain;

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

/** The four amount columns both betting pages show, after their own first columns. */
export const bettingAmountColumns = (t: TFunction): RecordsColumn[] => [
  { key: 'bet', label: t('betting.bet'), number: true },
  { key: 'validBet', label: t('betting.validBet'), number: true },
  { key: 'win', label: t('betting.win'), number: true },
  { key: 'profit', label: t('betting.profit'), number: true },
];

type BettingAmountCellsProps = {
  amounts: Pick<Totals, 'betMinor' | 'validBetMinor' | 'winMinor' | 'profitMinor'>;
  currencyDecimals: number;
};

/** A row's bet, valid bet, win and signed, coloured profit. */
export const BettingAmountCells = ({ amounts, currencyDecimals }: BettingAmountCellsProps) => {
  const { t } = useTranslation();
  const money = (amountMinor: string) => formatMinorUnits(amountMinor, currencyDecimals);
  return (
    <>
      <td data-label={t('betting.bet')} className={table.number}>
        {money(amounts.betMinor)}
      </td>
      <td data-label={t('betting.validBet')} className={table.number}>
        {money(amounts.validBetMinor)}
      </td>
      <td data-label={t('betting.win')} className={table.number}>
        {money(amounts.winMinor)}
      </td>
      <td
        data-label={t('betting.profit')}
        className={`${table.number} ${profitClass(amounts.profitMinor) ?? ''}`}
      >
        {formatProfit(amounts.profitMinor, currencyDecimals)}
      </td>
    </>
  );
};
