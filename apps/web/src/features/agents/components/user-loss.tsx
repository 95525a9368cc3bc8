import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter, presetRange, type DateRange } from '@/components/ui/date-range-filter';
import table from '@/components/ui/records-table.module.css';
import { PagedRecords, RecordsView, TableSkeleton } from '@/components/ui/records-view';
import { teamPlayersQuery } from '../api/find-team-players';
import { moneyText } from '@/lib/money';
import styles from './payouts.module.css';

const TEST_ID = 'user-loss';
const PAGE_SIZE = 20;
const COLUMNS = ['account', 'level', 'validBet', 'loss'] as const;

type UserLossProps = { token: string; timeZone: string };

/**
 * User loss (spec section 2): the team's members who lost over whole days, most first, with
 * their level below the agent and their valid bet. The loss is the players' result turned
 * round, so it reads as a positive amount.
 */
export const UserLoss = ({ token, timeZone }: UserLossProps) => {
  const { t } = useTranslation();
  const [range, setRange] = useState<DateRange>(() => presetRange('last7', timeZone));
  const [pageNo, setPageNo] = useState(1);
  const players = useQuery(
    teamPlayersQuery(
      token,
      'loss',
      { from: range.from, to: range.to },
      { pageNo, pageSize: PAGE_SIZE },
    ),
  );
  const label = (key: string) => t(`agentCentre.userLoss.${key}`);
  const columns = COLUMNS.map((key) => ({
    key,
    label: label(key),
    number: key === 'validBet' || key === 'loss',
  }));

  return (
    <section className={table.page} data-testid={TEST_ID}>
      <DateRangeFilter
        value={range}
        timeZone={timeZone}
        testId={`${TEST_ID}-dates`}
        pastOnly
        onChange={(next) => {
          setRange(next);
          setPageNo(1);
        }}
      />
      <RecordsView
        query={players}
        testId={TEST_ID}
        isEmpty={(page) => page.list.length === 0}
        skeleton={<TableSkeleton columns={columns} />}
      >
        {(page) => (
          <div className={styles.scroller}>
            <PagedRecords
              testId={TEST_ID}
              busy={players.isFetching}
              page={pageNo}
              totalPages={page.totalPages}
              onPage={setPageNo}
              columns={columns}
            >
              {page.list.map((player) => (
                <tr key={player.account} data-testid={`${TEST_ID}-row`}>
                  <td data-label={label('account')}>{player.account}</td>
                  <td data-label={label('level')}>
                    {t('agentCentre.downlines.levelNumber', { level: player.level })}
                  </td>
                  <td data-label={label('validBet')} className={table.number}>
                    {moneyText(page, player.validBetMinor)}
                  </td>
                  <td data-label={label('loss')} className={`${table.number} ${table.loss}`}>
                    {moneyText(page, player.profitMinor.replace(/^-/, ''))}
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
