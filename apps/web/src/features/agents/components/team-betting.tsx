import type { BettingTotals, TeamBetting as Betting } from '@lanna/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter, presetRange, type DateRange } from '@/components/ui/date-range-filter';
import table from '@/components/ui/records-table.module.css';
import { RecordsTable, RecordsView, TableSkeleton } from '@/components/ui/records-view';
import { teamBettingQuery } from '../api/get-team-betting';
import { moneyText } from '@/lib/money';
import { signTone } from '../utils/money-text';
import styles from './payouts.module.css';

const TEST_ID = 'team-betting';
const FIGURES = ['rounds', 'bet', 'validBet', 'win', 'profit'] as const;
const counts = new Intl.NumberFormat('en-US');

type TeamBettingProps = { token: string; timeZone: string };

/** A table's figure cells for one row of totals, each labelled for the phone's cards. */
const FigureCells = ({ totals, page }: { totals: BettingTotals; page: Betting }) => {
  const { t } = useTranslation();
  const label = (key: string) => t(`agentCentre.teamBetting.${key}`);
  return (
    <>
      <td data-label={label('rounds')} className={table.number}>
        {counts.format(totals.rounds)}
      </td>
      <td data-label={label('bet')} className={table.number}>
        {moneyText(page, totals.betMinor)}
      </td>
      <td data-label={label('validBet')} className={table.number}>
        {moneyText(page, totals.validBetMinor)}
      </td>
      <td data-label={label('win')} className={table.number}>
        {moneyText(page, totals.winMinor)}
      </td>
      <td
        data-label={label('profit')}
        className={`${table.number} ${signTone(totals.profitMinor, table) ?? ''}`}
      >
        {moneyText(page, totals.profitMinor)}
      </td>
    </>
  );
};

/**
 * Team betting (spec section 2): the team's real-money rounds over whole days, by game category
 * and by vendor, each table closed by the team's totals.
 */
export const TeamBetting = ({ token, timeZone }: TeamBettingProps) => {
  const { t } = useTranslation();
  const [range, setRange] = useState<DateRange>(() => presetRange('last7', timeZone));
  const betting = useQuery(teamBettingQuery(token, { from: range.from, to: range.to }));
  const label = (key: string) => t(`agentCentre.teamBetting.${key}`);
  const columnsOf = (first: 'category' | 'vendor') =>
    [first, ...FIGURES].map((key) => ({ key, label: label(key), number: key !== first }));

  const totalsRow = (page: Betting, first: string) => (
    <tr data-testid={`${TEST_ID}-${first}-totals`}>
      <th scope="row" data-label={label(first)}>
        {label('total')}
      </th>
      <FigureCells totals={page.totals} page={page} />
    </tr>
  );

  return (
    <section className={table.page} data-testid={TEST_ID}>
      <DateRangeFilter
        value={range}
        timeZone={timeZone}
        testId={`${TEST_ID}-dates`}
        pastOnly
        onChange={setRange}
      />
      <RecordsView
        query={betting}
        testId={TEST_ID}
        isEmpty={(page) => page.categories.length === 0 && page.vendors.length === 0}
        skeleton={<TableSkeleton columns={columnsOf('category')} />}
      >
        {(page) => (
          <div className={styles.scroller}>
            <h2 className={styles.tableTitle}>{label('byCategory')}</h2>
            <RecordsTable
              columns={columnsOf('category')}
              testId={`${TEST_ID}-categories`}
              busy={betting.isFetching}
            >
              {page.categories.map((row) => (
                <tr key={row.gameType ?? 'none'}>
                  <td data-label={label('category')}>
                    {row.gameType ? t(`categories.${row.gameType}`) : label('otherCategory')}
                  </td>
                  <FigureCells totals={row} page={page} />
                </tr>
              ))}
              {totalsRow(page, 'category')}
            </RecordsTable>
            <h2 className={styles.tableTitle}>{label('byVendor')}</h2>
            <RecordsTable
              columns={columnsOf('vendor')}
              testId={`${TEST_ID}-vendors`}
              busy={betting.isFetching}
            >
              {page.vendors.map((row) => (
                <tr key={row.vendorCode}>
                  <td data-label={label('vendor')}>{row.vendorName}</td>
                  <FigureCells totals={row} page={page} />
                </tr>
              ))}
              {totalsRow(page, 'vendor')}
            </RecordsTable>
          </div>
        )}
      </RecordsView>
    </section>
  );
};
