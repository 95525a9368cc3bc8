import { claimPromotion } from '@lanna/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';
import { BONUS_GRANTS_QUERY_KEY } from './find-bonus-grants';
import { MEMBER_PROMOTIONS_QUERY_KEY } from './find-member-promotions';
import { MISSIONS_QUERY_KEY } from './find-missions';
import { CONTEST_QUERY_KEY } from './get-contest';
import { CONTEST_STANDING_QUERY_KEY } from './get-contest-standing';
import { WALLET_QUERY_KEY } from './wallet-query-key';

/**
 * POST /wps/member/promotions/:id/claim: a deposit bonus, a period reward, a contest's prize or a
 * mission's reward, locked until it is wagered, or paid straight to the main wallet when its rule
 * asks no wagering.
 */
export const claimPromotionRequest = (id: number) => call(claimPromotion, { params: { id } });

/**
 * Claims an activity's bonus or reward. The centre and the missions (with the menu's mission
 * badge) are read again whatever the answer (a refusal such as a spent budget or a closed
 * activity changes the status shown too), the bonuses and the wallets after a grant, whichever
 * balance it went to, and a contest's board and the member's standing (which then says the
 * prize is claimed). The claim stays pending until the centre, the missions and the bonuses
 * are read, so its button never offers a second claim of the same period.
 */
export const useClaimPromotion = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimPromotionRequest,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: CONTEST_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: CONTEST_STANDING_QUERY_KEY });
      return queryClient.invalidateQueries({ queryKey: BONUS_GRANTS_QUERY_KEY });
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: MEMBER_PROMOTIONS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: MISSIONS_QUERY_KEY }),
      ]),
  });
};
