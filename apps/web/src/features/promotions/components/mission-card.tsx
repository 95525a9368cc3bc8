import type { Mission } from '@lanna/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ProgressBar } from '@/components/ui/progress-bar';
import type { CurrencyOf } from '@/lib/money';
import {
  missionPercent,
  missionProgressText,
  missionRestartText,
  missionRewardText,
  missionTaskText,
} from '../utils/mission-text';
import { MissionActions } from './mission-actions';
import styles from './mission-activity.module.css';

type MissionCardProps = { mission: Mission; timeZone: string; currency: CurrencyOf };

/** Done out of the target, as a bar a screen reader reads as '฿ 300.00 of ฿ 1,000.00'. */
const MissionProgress = ({ mission, currency }: Omit<MissionCardProps, 'timeZone'>) => {
  const { t } = useTranslation();
  return (
    <ProgressBar
      label={t('missions.progress')}
      figures={missionProgressText(t, mission, currency)}
      percent={missionPercent(mission.progress, mission.rule.target)}
      tone={mission.status === 'claim' || mission.status === 'claimed' ? 'done' : 'active'}
      figuresTestId="mission-progress-text"
    />
  );
};

/**
 * One mission: its title and reward, the task in words, how far the member is in this period,
 * when a daily or weekly one starts again (in the merchant's zone), and what can be done now.
 */
export const MissionCard = ({ mission, timeZone, currency }: MissionCardProps) => {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <article
      className={styles.mission}
      aria-labelledby={titleId}
      data-status={mission.status}
      data-testid={`mission-${mission.id}`}
    >
      <div className={styles.head}>
        <h3 id={titleId} className={styles.title}>
          {mission.title}
        </h3>
        <p className={styles.reward} data-testid="mission-reward">
          {missionRewardText(t, mission.rule, currency)}
        </p>
      </div>
      {mission.summary && <p className={styles.summary}>{mission.summary}</p>}
      <p className={styles.task} data-testid="mission-task">
        {missionTaskText(t, mission.rule, currency)}
      </p>
      <MissionProgress mission={mission} currency={currency} />
      <div className={styles.foot}>
        {mission.periodEndsAt !== null && (
          <time dateTime={mission.periodEndsAt} className={styles.restart}>
            {missionRestartText(t, mission.periodEndsAt, timeZone)}
          </time>
        )}
        <MissionActions mission={mission} currency={currency} />
      </div>
    </article>
  );
};
