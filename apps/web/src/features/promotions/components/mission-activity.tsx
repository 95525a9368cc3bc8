import { REWARD_PERIODS, type Mission, type MissionList } from '@lanna/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RecordsView } from '@/components/ui/records-view';
import { promotionsPath } from '@/config/paths';
import type { CurrencyOf } from '@/lib/money';
import { useMissions } from '../api/find-missions';
import { ListSkeleton } from './list-skeleton';
import { MissionCard } from './mission-card';
import styles from './mission-activity.module.css';

/** Missions standing in for the list while its first answer loads. */
const SKELETON_MISSIONS = 4;

type MissionActivityProps = {
  token: string;
  timeZone: string;
  /** The merchant's: deposit and bet targets and every reward are in it. */
  currency: CurrencyOf;
};

type MissionSectionProps = Omit<MissionActivityProps, 'token'> & {
  period: Mission['rule']['period'];
  missions: Mission[];
};

/** The missions of one period (daily, weekly or one-time), in the answer's order. */
const MissionSection = ({ period, missions, timeZone, currency }: MissionSectionProps) => {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section
      className={styles.section}
      aria-labelledby={headingId}
      data-testid={`missions-${period}`}
    >
      <h2 id={headingId} className={styles.heading}>
        {t(`missions.period.${period}`)}
      </h2>
      <ul className={styles.list}>
        {missions.map((mission) => (
          <li key={mission.id}>
            <MissionCard mission={mission} timeZone={timeZone} currency={currency} />
          </li>
        ))}
      </ul>
    </section>
  );
};

/** The periods that have missions, each with its own, in the answer's order. */
const byPeriod = (value: MissionList) =>
  REWARD_PERIODS.map((period) => ({
    period,
    missions: value.list.filter((mission) => mission.rule.period === period),
  })).filter(({ missions }) => missions.length > 0);

/**
 * The member centre's mission activity (spec section 2; decision 025): the daily, weekly and
 * one-time missions with the member's progress in the current period, each claimed here once
 * its target is reached. The list is read again whenever it is shown, since the server reads
 * progress from what the member did.
 */
export const MissionActivity = ({ token, timeZone, currency }: MissionActivityProps) => {
  const { t } = useTranslation();
  const missions = useMissions(token);
  return (
    <div className={styles.sections} data-testid="mission-activity">
      <RecordsView
        query={missions}
        testId="mission-activity"
        isEmpty={(value) => value.list.length === 0}
        emptyIcon="target"
        emptyMessage={t('missions.empty')}
        emptyAction={
          <Link to={promotionsPath('all')} className="btn btn--secondary">
            {t('missions.browse')}
          </Link>
        }
        skeleton={
          <div className={styles.skeleton}>
            <ListSkeleton count={SKELETON_MISSIONS} />
          </div>
        }
      >
        {(value) =>
          byPeriod(value).map(({ period, missions: shown }) => (
            <MissionSection
              key={period}
              period={period}
              missions={shown}
              timeZone={timeZone}
              currency={currency}
            />
          ))
        }
      </RecordsView>
    </div>
  );
};
