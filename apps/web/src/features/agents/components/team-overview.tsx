import type { TeamOverview as Overview } from '@lanna/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter, presetRange, type DateRange } from '@/components/ui/date-range-filter';
import { LoadError } from '@/components/ui/load-error';
import table from '@/components/ui/records-table.module.css';
import { errorMessageKey } from '@/lib/api/api-error';
import { formatMinorUnits } from '@/lib/money';
import { teamOverviewQuery } from '../api/get-team-overview';
import styles from './team-overview.module.css';

const TEST_ID = 'team-overview';

type FigureKey =
  | 'members'
  | 'directMembers'
  | 'newMembers'
  | 'activeMembers'
  | 'teamBalance'
  | 'deposit'
  | 'withdrawal'
  | 'validBet'
  | 'profit';

/** The figures in the order they are shown: the team's size first, then its money. */
const FIGURES: readonly FigureKey[] = [
  'members',
  'directMembers',
  'newMembers',
  'activeMembers',
  'teamBalance',
  'deposit',
  'withdrawal',
  'validBet',
  'profit',
];

const counts = new Intl.NumberFormat('en-US');

/** A figure as it reads: a count, or an amount in the merchant's currency. */
const figureText = (overview: Overview, key: FigureKey): string => {
  const money = (minor: string) =>
    `${overview.currencySymbol} ${formatMinorUnits(minor, overview.currencyDecimals)}`;
  switch (key) {
    case 'members':
    case 'directMembers':
    case 'newMembers':
    case 'activeMembers':
      return counts.format(overview[key]);
    case 'teamBalance':
      return money(overview.teamBalanceMinor);
    case 'deposit':
      return money(overview.depositMinor);
    case 'withdrawal':
      return money(overview.withdrawalMinor);
    case 'validBet':
      return money(overview.validBetMinor);
    case 'profit':
      return money(overview.profitMinor);
  }
};

/** The players' result in colour: a loss for the players is red, a gain green. */
const toneOf = (overview: Overview, key: FigureKey): string | undefined => {
  if (key !== 'profit' || overview.profitMinor === '0') return undefined;
  return overview.profitMinor.startsWith('-') ? table.loss : table.gain;
};

/** A `yyyy-mm-dd` day as dates read on the site, `YYYY/MM/DD` (spec section 2). */
const shownDay = (isoDate: string): string => isoDate.replaceAll('-', '/');

type TeamOverviewProps = { token: string; timeZone: string };

/**
 * The agent centre's default page (spec section 2; issue 22 item 1): the team's size, new and
 * active members, balance, deposits, withdrawals, valid bets and the players' profit and loss
 * over whole days in the merchant's zone, the last 7 to start. While the first answer loads the
 * tiles keep their size, so nothing below them moves when the figures arrive.
 */
export const TeamOverview = ({ token, timeZone }: TeamOverviewProps) => {
  const { t } = useTranslation();
  const [range, setRange] = useState<DateRange>(() => presetRange('last7', timeZone));
  const overview = useQuery(teamOverviewQuery(token, { from: range.from, to: range.to }));
  const data = overview.data;

  return (
    <section className={table.page} data-testid={TEST_ID}>
      <DateRangeFilter
        value={range}
        timeZone={timeZone}
        testId={`${TEST_ID}-dates`}
        pastOnly
        onChange={setRange}
      />
      {overview.isError && !data ? (
        <LoadError
          message={t(errorMessageKey(overview.error))}
          onRetry={() => void overview.refetch()}
          testId={`${TEST_ID}-error`}
        />
      ) : (
        <>
          <p className={styles.period} data-testid={`${TEST_ID}-period`}>
            {data ? (
              t('agentCentre.overview.period', {
                from: shownDay(data.from),
                to: shownDay(data.to),
              })
            ) : (
              <span role="status">{t('common.loading')}</span>
            )}
          </p>
          <dl className={styles.figures} aria-busy={overview.isFetching}>
            {FIGURES.map((key) => (
              <div key={key} className={styles.figure}>
                <dt className={styles.label}>{t(`agentCentre.overview.${key}`)}</dt>
                <dd
                  className={`${styles.value} ${data ? (toneOf(data, key) ?? '') : ''}`}
                  data-testid={`${TEST_ID}-${key}`}
                >
                  {data ? figureText(data, key) : <span className={styles.skeleton} />}
                </dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </section>
  );
};
