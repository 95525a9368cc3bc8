import { MAX_COUNTED_ROWS } from '@lanna/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import table from '@/components/ui/records-table.module.css';
import {
  cursorToPage,
  keysetPagerOf,
  PagedRecords,
  RecordsView,
} from '@/components/ui/records-view';
import { currentLanguage } from '@/lib/i18n';
import { formatDateTime } from '@/lib/time';
import { bettingRecordQuery } from '../api/find-betting-record';
import {
  BettingFilters,
  bettingFilterQuery,
  initialBettingFilter,
  type BettingFilterState,
} from './betting-filters';
import { BettingAmountCells, BettingTotals, bettingAmountColumns } from './betting-totals';
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
  const [filter, setFilter] = useState<BettingFilterState>(() => initialBettingFilter(timeZone));
  const [pageNo, setPageNo] = useState(1);
  const [cursor, setCursor] = useState<string | undefined>();
  const record = useQuery(
    bettingRecordQuery(token, {
      ...bettingFilterQuery(filter),
      cursor,
      pageNo,
      pageSize: PAGE_SIZE,
      language: currentLanguage(i18n),
    }),
  );

  return (
    <section className={table.page} data-testid={TEST_ID}>
      <BettingFilters
        value={filter}
        timeZone={timeZone}
        testId={TEST_ID}
        onChange={(next) => {
          // A new filter starts again from its first page.
          setFilter(next);
          setCursor(undefined);
          setPageNo(1);
        }}
      />
      <RecordsView query={record} testId={TEST_ID} isEmpty={(page) => page.list.length === 0}>
        {(page) => (
          <>
            <BettingTotals
              totals={page.totals}
              currencyDecimals={page.currencyDecimals}
              testId={`${TEST_ID}-totals`}
            />
            <PagedRecords
              testId={TEST_ID}
              busy={record.isFetching}
              page={pageNo}
              {...keysetPagerOf(pageNo, page, MAX_COUNTED_ROWS)}
              onPage={(next) => {
                setCursor(cursorToPage(next, pageNo, page));
                setPageNo(next);
              }}
              columns={[
                { key: 'time', label: t('betting.time') },
                { key: 'game', label: t('betting.game') },
                { key: 'status', label: t('betting.status') },
                ...bettingAmountColumns(t),
              ]}
            >
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
                  <BettingAmountCells amounts={round} currencyDecimals={page.currencyDecimals} />
                </tr>
              ))}
            </PagedRecords>
          </>
        )}
      </RecordsView>
    </section>
  );
};
