import type { BettingTotals as Totals } from '@lanna/contract';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { presetRange } from '@/components/ui/date-range-filter';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import table from '@/components/ui/records-table.module.css';
import { Spinner } from '@/components/ui/spinner';
import { errorMessageKey } from '@/lib/api/api-error';
import { formatMinorUnits } from '@/lib/money';
import { profitLossQuery } from '../api/find-profit-loss';
import { BettingFilters, type BettingFilterState } from './betting-filters';
import { BettingTotals, formatProfit, profitClass } from './betting-totals';
import styles from './betting.module.css';

const TEST_ID = 'profit-loss';

type SumsTableProps = {
  caption: string;
  firstColumn: string;
  rows: { key: string; label: ReactNode; totals: Totals }[];
  currencyDecimals: number;
  testId: string;
};

const SumsTable = ({ caption, firstColumn, rows, currencyDecimals, testId }: SumsTableProps) => {
  const { t } = useTranslation();
  const money = (amountMinor: string) => formatMinorUnits(amountMinor, currencyDecimals);
  return (
    <>
      <h2 className={styles.sectionTitle}>{caption}</h2>
      <table className={table.table} data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">{firstColumn}</th>
            <th scope="col" className={table.number}>
              {t('profitLoss.rounds')}
            </th>
            <th scope="col" className={table.number}>
              {t('betting.bet')}
            </th>
            <th scope="col" className={table.number}>
              {t('betting.validBet')}
            </th>
            <th scope="col" className={table.number}>
              {t('betting.win')}
            </th>
            <th scope="col" className={table.number}>
              {t('betting.profit')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} data-testid={`${testId}-row`}>
              <td data-label={firstColumn}>{row.label}</td>
              <td data-label={t('profitLoss.rounds')} className={table.number}>
                {row.totals.rounds}
              </td>
              <td data-label={t('betting.bet')} className={table.number}>
                {money(row.totals.betMinor)}
              </td>
              <td data-label={t('betting.validBet')} className={table.number}>
                {money(row.totals.validBetMinor)}
              </td>
              <td data-label={t('betting.win')} className={table.number}>
                {money(row.totals.winMinor)}
              </td>
              <td
                data-label={t('betting.profit')}
                className={`${table.number} ${profitClass(row.totals.profitMinor) ?? ''}`}
              >
                {formatProfit(row.totals.profitMinor, currencyDecimals)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
};

type ProfitLossProps = { token: string; timeZone: string };

/**
 * Personal profit and loss (spec section 2, member centre; issue 5 item 7): the member's results
 * by category and by day in the merchant's zone, with the betting record's filters and totals.
 */
export const ProfitLoss = ({ token, timeZone }: ProfitLossProps) => {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<BettingFilterState>(() => ({
    gameType: '',
    vassalage: '',
    range: presetRange('last7', timeZone),
  }));
  const report = useQuery(
    profitLossQuery(token, {
      gameType: filter.gameType,
      vassalage: filter.vassalage,
      from: filter.range.from,
      to: filter.range.to,
    }),
  );
  const value = report.data;

  return (
    <section className={styles.page} data-testid={TEST_ID}>
      <BettingFilters value={filter} timeZone={timeZone} testId={TEST_ID} onChange={setFilter} />
      {report.isPending ? (
        <Spinner label={t('common.loading')} centred />
      ) : report.isError && !value ? (
        <LoadError
          message={t(errorMessageKey(report.error))}
          onRetry={() => void report.refetch()}
          testId={`${TEST_ID}-error`}
        />
      ) : !value || value.totals.rounds === 0 ? (
        <EmptyState message={t('no data')} icon="receipt" />
      ) : (
        <>
          <BettingTotals
            totals={value.totals}
            currencyDecimals={value.currencyDecimals}
            testId={`${TEST_ID}-totals`}
          />
          <SumsTable
            caption={t('profitLoss.byCategory')}
            firstColumn={t('betting.category')}
            currencyDecimals={value.currencyDecimals}
            testId={`${TEST_ID}-categories`}
            rows={value.categories.map((row) => ({
              key: row.gameType ?? 'other',
              label: row.gameType ? t(`categories.${row.gameType}`) : t('profitLoss.otherGames'),
              totals: row,
            }))}
          />
          <SumsTable
            caption={t('profitLoss.byDay')}
            firstColumn={t('profitLoss.day')}
            currencyDecimals={value.currencyDecimals}
            testId={`${TEST_ID}-days`}
            rows={value.days.map((row) => ({
              key: row.day,
              label: row.day.replaceAll('-', '/'),
              totals: row,
            }))}
          />
        </>
      )}
    </section>
  );
};
