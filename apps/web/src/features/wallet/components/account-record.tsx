import { ACCOUNT_RECORD_TYPES, MAX_COUNTED_ROWS, type AccountRecordType } from '@lanna/contract';
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
import { formatMinorUnits } from '@/lib/money';
import { formatDateTime } from '@/lib/time';
import { accountRecordQuery } from '../api/find-account-record';

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
  const { range, changeRange, pageNo, setPageNo, filterBy } = useRecordsFilter(timeZone);
  const [type, setType] = useState<AccountRecordType | 'all'>('all');
  const [cursor, setCursor] = useState<string | undefined>();
  const record = useQuery(
    accountRecordQuery(token, {
      pageNo,
      pageSize: PAGE_SIZE,
      types: type === 'all' ? types : [type],
      from: range.from,
      to: range.to,
      cursor,
    }),
  );
  const refilter = (change: () => void) => {
    setCursor(undefined);
    filterBy(change);
  };

  return (
    <section className={table.page} data-testid={testId}>
      <div className={table.filters}>
        <label className={table.field} htmlFor={typeId}>
          <span className={table.fieldLabel}>{t('wallet.record.type')}</span>
          <select
            id={typeId}
            className={table.select}
            value={type}
            data-testid={`${testId}-type`}
            onChange={(event) =>
              refilter(() => setType(event.target.value as AccountRecordType | 'all'))
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
          onChange={(next) => refilter(() => changeRange(next))}
        />
      </div>

      <RecordsView query={record} testId={testId} isEmpty={(page) => page.list.length === 0}>
        {(page) => (
          <PagedRecords
            testId={testId}
            busy={record.isFetching}
            page={pageNo}
            {...keysetPagerOf(pageNo, page, MAX_COUNTED_ROWS)}
            onPage={(next) => {
              setCursor(cursorToPage(next, pageNo, page));
              setPageNo(next);
            }}
            columns={[
              { key: 'time', label: t('wallet.record.time') },
              { key: 'type', label: t('wallet.record.type') },
              { key: 'wallet', label: t('wallet.record.wallet') },
              { key: 'amount', label: t('wallet.record.amount'), number: true },
              { key: 'balanceAfter', label: t('wallet.record.balanceAfter'), number: true },
            ]}
          >
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
                    className={`${table.number} ${credit ? table.gain : table.loss}`}
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
          </PagedRecords>
        )}
      </RecordsView>
    </section>
  );
};
