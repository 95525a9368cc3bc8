import type { RewardPeriod } from '@lanna/contract';
import { addDays, startOfZonedDay, zonedIsoDate } from '../../shared/day-range.ts';

/** A period of the merchant's zone a reward is judged over and paid for once, by its key. */
export type RewardWindow = { key: string; start: Date; end: Date };

/** The Monday (yyyy-mm-dd) of the week a calendar day is in. */
const mondayOf = (day: string): string =>
  addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));

/**
 * The period `now` falls in, or (`back` 1) the one before it: a day, a week from Monday, in the
 * zone. 'once' is one period from the activity's start to `now`, with the key 'once'.
 */
export const rewardWindowOf = (
  period: RewardPeriod,
  at: { now: Date; timeZone: string; activityStart: Date },
  back: 0 | 1 = 0,
): RewardWindow => {
  const today = zonedIsoDate(at.now, at.timeZone);
  switch (period) {
    case 'once':
      return { key: 'once', start: at.activityStart, end: at.now };
    case 'day': {
      const day = addDays(today, -back);
      return {
        key: `D${day}`,
        start: startOfZonedDay(day, at.timeZone),
        end: startOfZonedDay(addDays(day, 1), at.timeZone),
      };
    }
    case 'week': {
      const monday = addDays(mondayOf(today), -7 * back);
      return {
        key: `W${monday}`,
        start: startOfZonedDay(monday, at.timeZone),
        end: startOfZonedDay(addDays(monday, 7), at.timeZone),
      };
    }
  }
};
