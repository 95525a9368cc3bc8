import { ACCOUNT_RECORD_TYPES, type AccountRecordType } from '@lanna/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter, presetRange, type DateRange } from '@/components/ui/date-range-filter';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Pagination } from '@/components/ui/pagination';
import table from '@/components/ui/records-table.module.css';
import { Spinner } from '@/components/ui/spinner';
import { errorMessageKey } from '@/lib/api/api-error';
import { formatMinorUnits } from '@/lib/money';
import { formatDateTime } from '@/lib/time';
import { accountRecordQuery } from '../api/find-account-record';
import styles from './account-record.module.css';

const PAGE_SIZE = 20;

type AccountRecordProps = {
  token: string;
  timeZone: string;
  /** The types this view lists (bonus details: bonuses, rebates, salaries, dividends); all by default. */
  types?: readonly AccountRecordType[];
  testId: string;
};

/**
 * The account record and bonus details (issue 4 item 8; spec section 2, member centre): every
 * movement of the member's wallets, newest first, with a type filter, the spec's date pickers
 * (last 30 days by default), pagination and 'no data'.
 */
export const AccountRecord = ({
  token,
  timeZone,
  types = ACCOUNT_RECORD_TYPES,
  testId,
}: AccountRecordProps) => {
  const { t } = useTranslation();
  const typeId = useId();
  const [range, setRange] = useState<DateRange>(() => presetRange('last30', timeZone));
  const [type, setType] = useState<AccountRecordType | 'all'>('all');
  const [pageNo, setPageNo] = useState(1);
  const record = useQuery(
    accountRecordQuery(token, {
      pageNo,
      pageSize: PAGE_SIZE,
      types: type === 'all' ? types : [type],
      from: range.from,
      to: range.to,
    }),
  );
  // A new filter starts again from its first page.
  const filterBy = (change: () => void) => {
    change();
    setPageNo(1);
  };

  const page = record.data;
  return (
    <section className={styles.record} data-testid={testId}>
      <div className={styles.filters}>
        <label className={styles.typeField} htmlFor={typeId}>
          <span className={styles.typeLabel}>{t('wallet.record.type')}</span>
          <select
            id={typeId}
            className={styles.select}
            value={type}
            data-testid={`${testId}-type`}
            onChange={(event) =>
              filterBy(() => setType(event.target.value as AccountRecordType | 'all'))
            }
          >
            <option value="all">{t('wallet.record.allTypes')}</option>
            {types.map((option) => (
              <option key={option} value={option}>
                {t(`wallet.recordType.${option}`)}
              </option>
            ))}
          </select>
        </label>
        <DateRangeFilter
          value={range}
          timeZone={timeZone}
          testId={`${testId}-dates`}
          onChange={(next) => filterBy(() => setRange(next))}
        />
      </div>

      {record.isPending ? (
        <Spinner label={t('common.loading')} centred />
      ) : record.isError && !page ? (
        <LoadError
          message={t(errorMessageKey(record.error))}
          onRetry={() => void record.refetch()}
          testId={`${testId}-error`}
        />
      ) : !page || page.list.length === 0 ? (
        <EmptyState message={t('no data')} icon="receipt" />
      ) : (
        <>
          <table
            className={table.table}
            aria-busy={record.isFetching}
            data-testid={`${testId}-table`}
          >
            <thead>
              <tr>
                <th scope="col">{t('wallet.record.time')}</th>
                <th scope="col">{t('wallet.record.type')}</th>
                <th scope="col">{t('wallet.record.wallet')}</th>
                <th scope="col" className={table.number}>
                  {t('wallet.record.amount')}
                </th>
                <th scope="col" className={table.number}>
                  {t('wallet.record.balanceAfter')}
                </th>
              </tr>
            </thead>
            <tbody>
              {page.list.map((entry) => {
                const credit = !entry.amountMinor.startsWith('-');
                return (
                  <tr key={entry.entryId} data-testid={`${testId}-row`}>
                    <td data-label={t('wallet.record.time')}>
                      {formatDateTime(new Date(entry.createdAt), timeZone)}
                    </td>
                    <td data-label={t('wallet.record.type')}>
                      {t(`wallet.recordType.${entry.type}`)}
                    </td>
                    <td data-label={t('wallet.record.wallet')}>
                      {entry.vendorCode ?? t(`wallet.walletKind.${entry.wallet}`)}
                    </td>
                    <td
                      data-label={t('wallet.record.amount')}
                      className={`${table.number} ${credit ? styles.credit : styles.debit}`}
                    >
                      {credit ? '+' : ''}
                      {formatMinorUnits(entry.amountMinor, page.currencyDecimals)}
                    </td>
                    <td data-label={t('wallet.record.balanceAfter')} className={table.number}>
                      {formatMinorUnits(entry.balanceAfterMinor, page.currencyDecimals)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <Pagination
            page={pageNo}
            totalPages={page.totalPages}
            onChange={setPageNo}
            testId={`${testId}-pages`}
          />
        </>
      )}
    </section>
  );
};
