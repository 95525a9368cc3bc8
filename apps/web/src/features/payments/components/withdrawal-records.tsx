import { MAX_COUNTED_ROWS, type Withdrawal } from '@lanna/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter, useRecordsFilter } from '@/components/ui/date-range-filter';
import { Pagination } from '@/components/ui/pagination';
import table from '@/components/ui/records-table.module.css';
import { cursorToPage, keysetPagerOf, RecordsView } from '@/components/ui/records-view';
import { formatMinorUnits } from '@/lib/money';
import { formatDateTime } from '@/lib/time';
import { withdrawalsQuery } from '../api/withdrawals';
import { WithdrawalConfirmDialog } from './withdrawal-confirm-dialog';
import tabStyles from './payment-tab.module.css';
import styles from './withdrawal-page.module.css';

const PAGE_SIZE = 10;

type WithdrawalRecordsProps = { token: string; timeZone: string; now?: () => Date };

/**
 * The withdrawal records (issue 4 item 8): newest first, the spec's date pickers (last 30 days
 * by default), pagination, 'no data', each with its status and, once paid and inside its
 * deadline, the confirmation of spec section 4. The next and previous pages go by the cursors a
 * page hands out, so withdrawals made meanwhile neither repeat nor hide a row (decision 016).
 */
export const WithdrawalRecords = ({
  token,
  timeZone,
  now = () => new Date(),
}: WithdrawalRecordsProps) => {
  const { t } = useTranslation();
  const { range, changeRange, pageNo, setPageNo, filterBy } = useRecordsFilter(timeZone);
  const [confirming, setConfirming] = useState<Withdrawal | null>(null);
  const [cursor, setCursor] = useState<string | undefined>();
  const records = useQuery(
    withdrawalsQuery(token, {
      pageNo,
      pageSize: PAGE_SIZE,
      ...(range.from ? { from: range.from } : {}),
      ...(range.to ? { to: range.to } : {}),
      ...(cursor ? { cursor } : {}),
    }),
  );
  const refilter = (change: () => void) => {
    setCursor(undefined);
    filterBy(change);
  };
  const data = records.data;
  const money = (minor: string) =>
    data ? `${data.currencySymbol}${formatMinorUnits(minor, data.currencyDecimals)}` : minor;
  const when = (iso: string | null) => (iso ? formatDateTime(new Date(iso), timeZone) : '');

  const statusText = (item: Withdrawal) => {
    const base = t(`withdrawal.status.${item.status}`);
    return item.confirmedBy === 'timeout' ? `${base} (${t('withdrawal.byTimeout')})` : base;
  };
  const confirmable = (item: Withdrawal) =>
    item.status === 'paid' &&
    item.confirmDeadlineAt !== null &&
    Date.parse(item.confirmDeadlineAt) > now().getTime();

  return (
    <section className={tabStyles.records} data-testid="withdrawal-records">
      <DateRangeFilter
        value={range}
        timeZone={timeZone}
        testId="withdrawal-records-dates"
        onChange={(next) => refilter(() => changeRange(next))}
      />
      <RecordsView
        query={records}
        testId="withdrawal-records"
        isEmpty={(value) => value.list.length === 0}
      >
        {(data) => (
          <>
            <table className={table.table} aria-busy={records.isFetching}>
              <thead>
                <tr>
                  <th scope="col">{t('withdrawal.records.time')}</th>
                  <th scope="col" className={table.number}>
                    {t('withdrawal.records.amount')}
                  </th>
                  <th scope="col">{t('withdrawal.records.payee')}</th>
                  <th scope="col">{t('withdrawal.records.status')}</th>
                  <th scope="col">
                    <span className={styles.visuallyHidden}>{t('withdrawal.records.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.list.map((item) => (
                  <tr key={item.id} data-testid="withdrawal-row">
                    <td data-label={t('withdrawal.records.time')}>{when(item.requestedAt)}</td>
                    <td data-label={t('withdrawal.records.amount')} className={table.number}>
                      {money(item.amountMinor)}
                    </td>
                    <td data-label={t('withdrawal.records.payee')}>
                      {item.payee.bankName ??
                        t(`withdrawal.walletType.${item.payee.walletType ?? ''}`)}{' '}
                      {item.payee.accountNumberMasked}
                    </td>
                    <td data-label={t('withdrawal.records.status')}>
                      <span
                        className={styles.status}
                        data-status={item.status}
                        data-testid="withdrawal-status"
                      >
                        {statusText(item)}
                      </span>
                      {item.rejectReason && (
                        <span className={tabStyles.muted}> {item.rejectReason}</span>
                      )}
                      {item.remainingMinor && (
                        <span className={tabStyles.muted}>
                          {' '}
                          {t('withdrawal.records.missing', { amount: money(item.remainingMinor) })}
                        </span>
                      )}
                      {item.dispute && (
                        <span className={tabStyles.muted}>
                          {' '}
                          {t(`withdrawal.dispute.${item.dispute.status}`)}
                        </span>
                      )}
                      {confirmable(item) && (
                        <span className={tabStyles.muted}>
                          {' '}
                          {t('withdrawal.records.confirmBy', {
                            time: when(item.confirmDeadlineAt),
                          })}
                        </span>
                      )}
                    </td>
                    <td>
                      {confirmable(item) && (
                        <button
                          type="button"
                          className="btn btn--primary"
                          onClick={() => setConfirming(item)}
                          data-testid="withdrawal-confirm-open"
                        >
                          {t('withdrawal.confirm.open')}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pagination
              page={pageNo}
              {...keysetPagerOf(pageNo, data, MAX_COUNTED_ROWS)}
              onChange={(next) => {
                setCursor(cursorToPage(next, pageNo, data));
                setPageNo(next);
              }}
              testId="withdrawal-records-pages"
            />
          </>
        )}
      </RecordsView>
      <WithdrawalConfirmDialog
        withdrawal={confirming}
        currencySymbol={data?.currencySymbol ?? ''}
        currencyDecimals={data?.currencyDecimals ?? 2}
        onClose={() => setConfirming(null)}
      />
    </section>
  );
};
