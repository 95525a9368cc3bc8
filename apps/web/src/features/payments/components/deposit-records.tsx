import { DepositStatusSchema, MAX_COUNTED_ROWS, type DepositStatus } from '@lanna/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter, useRecordsFilter } from '@/components/ui/date-range-filter';
import table from '@/components/ui/records-table.module.css';
import {
  cursorToPage,
  keysetPagerOf,
  PagedRecords,
  RecordsView,
} from '@/components/ui/records-view';
import { formatDateTime } from '@/lib/time';
import { depositsQuery } from '../api/deposits';
import { formatMoney } from '../utils/deposit-amount';
import styles from './deposit-page.module.css';
import tabStyles from './payment-tab.module.css';

/** Ten deposits a page: the records sit under the form, not on a page of their own. */
export const DEPOSIT_RECORDS_PAGE_SIZE = 10;

type DepositRecordsProps = { token: string; timeZone: string };

/**
 * The deposit records (issue 4 item 8): newest first, with the spec's date pickers (last 30
 * days by default, section 9), a status filter, pagination and 'no data'. A rejected deposit
 * shows the operator's reason. The next and previous pages go by the cursors a page hands out,
 * so deposits that arrive meanwhile neither repeat nor hide a row (decision 016).
 */
export const DepositRecords = ({ token, timeZone }: DepositRecordsProps) => {
  const { t } = useTranslation();
  const statusId = useId();
  const { range, changeRange, pageNo, setPageNo, filterBy } = useRecordsFilter(timeZone);
  const [status, setStatus] = useState<DepositStatus | 'all'>('all');
  const [cursor, setCursor] = useState<string | undefined>();
  const records = useQuery(
    depositsQuery(token, {
      pageNo,
      pageSize: DEPOSIT_RECORDS_PAGE_SIZE,
      from: range.from || undefined,
      to: range.to || undefined,
      status: status === 'all' ? undefined : status,
      cursor,
    }),
  );
  const refilter = (change: () => void) => {
    setCursor(undefined);
    filterBy(change);
  };

  return (
    <div className={tabStyles.records} data-testid="deposit-records">
      <div className={table.filters}>
        <label className={styles.statusField} htmlFor={statusId}>
          {t('deposit.records.status')}
          <select
            id={statusId}
            className={table.select}
            value={status}
            data-testid="deposit-records-status"
            onChange={(event) =>
              refilter(() => setStatus(event.target.value as DepositStatus | 'all'))
            }
          >
            <option value="all">{t('deposit.records.allStatuses')}</option>
            {DepositStatusSchema.options.map((option) => (
              <option key={option} value={option}>
                {t(`deposit.status.${option}`)}
              </option>
            ))}
          </select>
        </label>
        <DateRangeFilter
          value={range}
          timeZone={timeZone}
          testId="deposit-records-dates"
          onChange={(next) => refilter(() => changeRange(next))}
        />
      </div>

      <RecordsView
        query={records}
        testId="deposit-records"
        isEmpty={(page) => page.list.length === 0}
      >
        {(page) => (
          <PagedRecords
            testId="deposit-records"
            busy={records.isFetching}
            page={pageNo}
            {...keysetPagerOf(pageNo, page, MAX_COUNTED_ROWS)}
            onPage={(next) => {
              setCursor(cursorToPage(next, pageNo, page));
              setPageNo(next);
            }}
            columns={[
              { key: 'time', label: t('deposit.records.time') },
              { key: 'channel', label: t('deposit.records.channel') },
              { key: 'amount', label: t('deposit.records.amount'), number: true },
              { key: 'status', label: t('deposit.records.status') },
              { key: 'reference', label: t('deposit.records.reference') },
            ]}
          >
            {page.list.map((deposit) => (
              <tr key={deposit.id} data-testid="deposit-records-row">
                <td data-label={t('deposit.records.time')}>
                  {formatDateTime(new Date(deposit.createdAt), timeZone)}
                </td>
                <td data-label={t('deposit.records.channel')}>{deposit.channelName}</td>
                <td data-label={t('deposit.records.amount')} className={table.number}>
                  {formatMoney(deposit.amountMinor, page)}
                </td>
                <td data-label={t('deposit.records.status')}>
                  <span className={styles.status} data-status={deposit.status}>
                    {t(`deposit.status.${deposit.status}`)}
                  </span>
                  {deposit.rejectReason && (
                    <span className={styles.reason} data-testid="deposit-records-reason">
                      {deposit.rejectReason}
                    </span>
                  )}
                </td>
                <td data-label={t('deposit.records.reference')}>{deposit.reference ?? '—'}</td>
              </tr>
            ))}
          </PagedRecords>
        )}
      </RecordsView>
    </div>
  );
};
