import { applyToPromotion, type ApplyBody } from '@lanna/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';
import { APPLICATIONS_QUERY_KEY } from './find-member-applications';
import { MEMBER_PROMOTIONS_QUERY_KEY } from './find-member-promotions';

type ApplyInput = { id: number; body: ApplyBody };

/** POST /wps/member/promotions/:id/application: a comment and up to 3 images, for review. */
export const applyToPromotionRequest = ({ id, body }: ApplyInput) =>
  call(applyToPromotion, { params: { id }, body });

/**
 * Applies to an apply-and-review activity. The centre is read again whatever the answer (a
 * refusal such as a closed activity or one already applied for changes the status shown too);
 * the member's applications after one was taken.
 */
export const useApplyToPromotion = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyToPromotionRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: APPLICATIONS_QUERY_KEY }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: MEMBER_PROMOTIONS_QUERY_KEY }),
  });
};
