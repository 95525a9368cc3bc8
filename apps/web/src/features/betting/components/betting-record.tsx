import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { presetRange } from '@/components/ui/date-range-filter';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Pagination } from '@/components/ui/pagination';
import table from '@/components/ui/records-table.module.css';
import { Spinner } from '@/components/ui/spinner';
import { errorMessageKey } from '@/lib/api/api-error';
import { currentLanguage } from '@/lib/i18n';
import { formatMinorUnits } from '@/lib/money';
import { formatDateTime } from '@/lib/time';
import { bettingRecordQuery } from '../api/find-betting-record';
import { BettingFilters, type BettingFilterState } from './betting-filters';
import { BettingTotals, formatProfit, profitClass } from './betting-totals';
import styles from './betting.module.css';

const PAGE_SIZE = 20;
const TEST_ID = 'betting-record';

type BettingRecordProps = { token: string; timeZone: string };

/**
 * The betting record (issue 5 item 7; spec section 2, member centre and header dropdown): every
 * round at every vendor, newest first, filtered by category, vendor and days (last 7 days by
 * default), with the totals of the whole selection, pagination and 'no data'.
 */
export const BettingRecord = ({ token, timeZone }: BettingRecordProps) => {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState<BettingFilterState>(() => ({
    gameType: '',
    vassalage: '',
    range: presetRange('last7', timeZone),
  }));
  const [pageNo, setPageNo] = useState(1);
  const record = useQuery(
    bettingRecordQuery(token, {
      gameType: filter.gameType,
      vassalage: filter.vassalage,
      from: filter.range.from,
      to: filter.range.to,
      pageNo,
      pageSize: PAGE_SIZE,
      language: currentLanguage(i18n),
    }),
  );
  const page = record.data;
  const money = (amountMinor: string) => formatMinorUnits(amountMinor, page?.currencyDecimals ?? 2);

  return (
    <section className={styles.page} data-testid={TEST_ID}>
      <BettingFilters
        value={filter}
        timeZone={timeZone}
        testId={TEST_ID}
        onChange={(next) => {
          // A new filter starts again from its first page.
          setFilter(next);
          setPageNo(1);
        }}
      />
      {record.isPending ? (
        <Spinner label={t('common.loading')} centred />
      ) : record.isError && !page ? (
        <LoadError
          message={t(errorMessageKey(record.error))}
          onRetry={() => void record.refetch()}
          testId={`${TEST_ID}-error`}
        />
      ) : !page || page.list.length === 0 ? (
        <EmptyState message={t('no data')} icon="receipt" />
      ) : (
        <>
          <BettingTotals
            totals={page.totals}
            currencyDecimals={page.currencyDecimals}
            testId={`${TEST_ID}-totals`}
          />
          <table
            className={table.table}
            aria-busy={record.isFetching}
            data-testid={`${TEST_ID}-table`}
          >
            <thead>
              <tr>
                <th scope="col">{t('betting.time')}</th>
                <th scope="col">{t('betting.game')}</th>
                <th scope="col">{t('betting.status')}</th>
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
              {page.list.map((round) => (
                <tr key={`${round.vendorCode}:${round.roundId}`} data-testid={`${TEST_ID}-row`}>
                  <td data-label={t('betting.time')}>
                    {formatDateTime(new Date(round.openedAt), timeZone)}
                  </td>
                  <td data-label={t('betting.game')}>
                    <span className={styles.game}>
                      <span>{round.gameName}</span>
                      <span className={styles.muted}>
                        {round.vendorName}
                        {round.gameType ? ` · ${t(`categories.${round.gameType}`)}` : ''}
                      </span>
                    </span>
                  </td>
                  <td data-label={t('betting.status')}>
                    {t(`betting.roundStatus.${round.status}`)}
                  </td>
                  <td data-label={t('betting.bet')} className={table.number}>
                    {money(round.betMinor)}
                  </td>
                  <td data-label={t('betting.validBet')} className={table.number}>
                    {money(round.validBetMinor)}
                  </td>
                  <td data-label={t('betting.win')} className={table.number}>
                    {money(round.winMinor)}
                  </td>
                  <td
                    data-label={t('betting.profit')}
                    className={`${table.number} ${profitClass(round.profitMinor) ?? ''}`}
                  >
                    {formatProfit(round.profitMinor, page.currencyDecimals)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination
            page={pageNo}
            totalPages={page.totalPages}
            onChange={setPageNo}
            testId={`${TEST_ID}-pages`}
          />
        </>
      )}
    </section>
  );
};
