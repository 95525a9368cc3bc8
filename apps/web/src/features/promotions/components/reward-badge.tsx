import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CountBadge } from '@/components/ui/count-badge';
import { availablePromotionsQuery } from '../api/available-promotions';

/**
 * The reward centre's red badge (spec section 2): the activities the member can claim now.
 * Nothing is shown while it loads, when it fails, or when there is nothing to claim.
 */
export const RewardBadge = ({ token, testId }: { token: string; testId: string }) => {
  const { t } = useTranslation();
  const available = useQuery(availablePromotionsQuery(token));
  const count = available.data?.availablePromoCount ?? 0;
  return (
    <CountBadge count={count} label={t('promotions.availableCount', { count })} testId={testId} />
  );
};
