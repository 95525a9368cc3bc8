import { AppError } from '../../shared/app-error.ts';
import type { PromotionRow } from './promotions.repository.ts';

/**
 * Refuses taking part in an activity outside its period or audience: paused, not started or
 * ended is PROMOTION_CLOSED; a caller outside its audience PROMOTION_NOT_FOR_YOU.
 */
export const assertOpenTo = (row: PromotionRow, now: Date): void => {
  if (row.paused || row.starts_at > now || (row.ends_at !== null && row.ends_at <= now))
    throw new AppError('PROMOTION_CLOSED');
  if (!row.in_audience) throw new AppError('PROMOTION_NOT_FOR_YOU');
};
