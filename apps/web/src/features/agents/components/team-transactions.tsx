import { MAX_COUNTED_ROWS, TEAM_TRANSACTION_TYPES } from '@lanna/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter, presetRange, type DateRange } from '@/components/ui/date-range-filter';
import table from '@/components/ui/records-table.module.css';
import {
  cursorToPage,
  keysetPagerOf,
  PagedRecords,
  RecordsView,
  TableSkeleton,
} from '@/components/ui/records-view';
import { formatDateTime } from '@/lib/time';
import type { KeysetPlace } from '../api/find-contracts';
import { teamTransactionsQuery, type TeamTransactionType } from '../api/find-team-transactions';
import { signedMoneyText, signTone } from '../utils/money-text';
import styles from './payouts.module.css';

const TEST_ID = 'team-transactions';
const PAGE_SIZE = 20;
const FIRST_PAGE: KeysetPlace = { pageNo: 1, pageSize: PAGE_SIZE };
const COLUMNS = ['at', 'account', 'type', 'amount'] as const;

type TeamTransactionsProps = { token: string; timeZone: string };

/**
 * Team transactions (spec section 2): money into and out of the team's wallets over whole
 * days, newest first, of one type or all, a page at a time by keyset (decision 016). Money in
 * is positive and green, money out negative and red.
 */
export const TeamTransactions = ({ token, timeZone }: TeamTransactionsProps) => {
  const { t } = useTranslation();
  const typeId = useId();
  const [range, setRange] = useState<DateRange>(() => presetRange('last7', timeZone));
  const [type, setType] = useState<TeamTransactionType>('');
  const [place, setPlace] = useState<KeysetPlace>(FIRST_PAGE);
  const transactions = useQuery(
    teamTransactionsQuery(token, { from: range.from, to: range.to, type }, place),
  );
  const label = (key: string) => t(`agentCentre.teamTransactions.${key}`);
  const columns = COLUMNS.map((key) => ({ key, label: label(key), number: key === 'amount' }));

  return (
    <section className={table.page} data-testid={TEST_ID}>
      <div className={table.filters}>
        <label className={table.field} htmlFor={typeId}>
          <span className={table.fieldLabel}>{label('type')}</span>
          <select
            id={typeId}
            className={table.select}
            value={type}
            data-testid={`${TEST_ID}-type`}
            onChange={(event) => {
              setType(event.target.value as TeamTransactionType);
              setPlace(FIRST_PAGE);
            }}
          >
            <option value="">{label('allTypes')}</option>
            {TEAM_TRANSACTION_TYPES.map((option) => (
              <option key={option} value={option}>
                {t(`agentCentre.teamTransactions.typeChoice.${option}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <DateRangeFilter
        value={range}
        timeZone={timeZone}
        testId={`${TEST_ID}-dates`}
        pastOnly
        onChange={(next) => {
          setRange(next);
          setPlace(FIRST_PAGE);
        }}
      />
      <RecordsView
        query={transactions}
        testId={TEST_ID}
        isEmpty={(page) => page.list.length === 0}
        skeleton={<TableSkeleton columns={columns} />}
      >
        {(page) => (
          <div className={styles.scroller}>
            <PagedRecords
              testId={TEST_ID}
              busy={transactions.isFetching}
              page={place.pageNo}
              {...keysetPagerOf(place.pageNo, page, MAX_COUNTED_ROWS)}
              onPage={(next) =>
                setPlace({
                  pageNo: next,
                  pageSize: PAGE_SIZE,
                  cursor: cursorToPage(next, place.pageNo, page),
                })
              }
              columns={columns}
            >
              {page.list.map((row) => (
                <tr key={row.id} data-testid={`${TEST_ID}-row`}>
                  <td data-label={label('at')}>{formatDateTime(new Date(row.at), timeZone)}</td>
                  <td data-label={label('account')}>{row.account}</td>
                  <td data-label={label('type')}>
                    {t(`agentCentre.teamTransactions.typeChoice.${row.type}`)}
                  </td>
                  <td
                    data-label={label('amount')}
                    className={`${table.number} ${signTone(row.amountMinor, table) ?? ''}`}
                  >
                    {signedMoneyText(page, row.amountMinor)}
                  </td>
                </tr>
              ))}
            </PagedRecords>
          </div>
        )}
      </RecordsView>
    </section>
  );
};
