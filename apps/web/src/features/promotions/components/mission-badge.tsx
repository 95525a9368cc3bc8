import { useTranslation } from 'react-i18next';
import { CountBadge } from '@/components/ui/count-badge';
import { useMissions } from '../api/find-missions';

/**
 * The mission activity's red badge (spec section 2): the missions the member can claim now. It
 * reads the tab's own query, so a claim there updates both. Nothing is shown while it loads,
 * when it fails, or when there is nothing to claim.
 */
export const MissionBadge = ({ token, testId }: { token: string; testId: string }) => {
  const { t } = useTranslation();
  const missions = useMissions(token);
  const count = missions.data?.claimableCount ?? 0;
  return (
    <CountBadge count={count} label={t('missions.claimableCount', { count })} testId={testId} />
  );
};
