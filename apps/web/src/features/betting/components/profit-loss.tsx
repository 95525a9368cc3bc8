import type { BettingTotals as Totals } from '@lanna/contract';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import table from '@/components/ui/records-table.module.css';
import { RecordsTable, RecordsView } from '@/components/ui/records-view';
import { profitLossQuery } from '../api/find-profit-loss';
import {
  BettingFilters,
  bettingFilterQuery,
  initialBettingFilter,
  type BettingFilterState,
} from './betting-filters';
import { BettingAmountCells, BettingTotals, bettingAmountColumns } from './betting-totals';
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
  return (
    <>
      <h2 className={styles.sectionTitle}>{caption}</h2>
      <RecordsTable
        testId={testId}
        columns={[
          { key: 'first', label: firstColumn },
          { key: 'rounds', label: t('profitLoss.rounds'), number: true },
          ...bettingAmountColumns(t),
        ]}
      >
        {rows.map((row) => (
          <tr key={row.key} data-testid={`${testId}-row`}>
            <td data-label={firstColumn}>{row.label}</td>
            <td data-label={t('profitLoss.rounds')} className={table.number}>
              {row.totals.rounds}
            </td>
            <BettingAmountCells amounts={row.totals} currencyDecimals={currencyDecimals} />
          </tr>
        ))}
      </RecordsTable>
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
  const [filter, setFilter] = useState<BettingFilterState>(() => initialBettingFilter(timeZone));
  const report = useQuery(profitLossQuery(token, bettingFilterQuery(filter)));

  return (
    <section className={table.page} data-testid={TEST_ID}>
      <BettingFilters value={filter} timeZone={timeZone} testId={TEST_ID} onChange={setFilter} />
      <RecordsView query={report} testId={TEST_ID} isEmpty={(value) => value.totals.rounds === 0}>
        {(value) => (
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
      </RecordsView>
    </section>
  );
};
