import { claimPromotion } from '@lanna/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';
import { MEMBER_PROMOTIONS_QUERY_KEY } from './find-member-promotions';
import { BONUS_GRANTS_QUERY_KEY } from './find-bonus-grants';

/** POST /wps/member/promotions/:id/claim: the activity's bonus, locked until it is wagered. */
export const claimPromotionRequest = (id: number) => call(claimPromotion, { params: { id } });

/**
 * Claims an activity's bonus. The centre is read again whatever the answer (a refusal such as a
 * spent budget or a closed activity changes the status shown too); the bonuses after a grant.
 */
export const useClaimPromotion = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimPromotionRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BONUS_GRANTS_QUERY_KEY }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: MEMBER_PROMOTIONS_QUERY_KEY }),
  });
};
