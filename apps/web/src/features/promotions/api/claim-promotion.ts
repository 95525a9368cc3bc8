import { claimPromotion } from '@lanna/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';
import { BONUS_GRANTS_QUERY_KEY } from './find-bonus-grants';
import { MEMBER_PROMOTIONS_QUERY_KEY } from './find-member-promotions';
import { WALLET_QUERY_KEY } from './wallet-query-key';

/**
 * POST /wps/member/promotions/:id/claim: a deposit bonus or a period reward, locked until it is
 * wagered, or paid straight to the main wallet when its rule asks no wagering.
 */
export const claimPromotionRequest = (id: number) => call(claimPromotion, { params: { id } });

/**
 * Claims an activity's bonus or reward. The centre is read again whatever the answer (a refusal
 * such as a spent budget or a closed activity changes the status shown too), the bonuses and
 * the wallets after a grant, whichever balance it went to. The claim stays pending until the
 * centre and the bonuses are read, so its button never offers a second claim of the same period.
 */
export const useClaimPromotion = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimPromotionRequest,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY });
      return queryClient.invalidateQueries({ queryKey: BONUS_GRANTS_QUERY_KEY });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: MEMBER_PROMOTIONS_QUERY_KEY }),
  });
};
