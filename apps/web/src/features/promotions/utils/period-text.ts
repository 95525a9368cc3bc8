import type { Promotion } from '@lanna/contract';
import type { TFunction } from 'i18next';
import { formatDateTime } from '@/lib/time';

/**
 * An activity's period in the merchant's zone: 'from – to', or open-ended until the operators
 * end it (no end time).
 */
export const periodText = (
  t: TFunction,
  promotion: Pick<Promotion, 'startsAt' | 'endsAt'>,
  timeZone: string,
): string => {
  const from = formatDateTime(new Date(promotion.startsAt), timeZone);
  if (promotion.endsAt === null) return t('promotions.periodOpenEnded', { from });
  return t('promotions.period', { from, to: formatDateTime(new Date(promotion.endsAt), timeZone) });
};
