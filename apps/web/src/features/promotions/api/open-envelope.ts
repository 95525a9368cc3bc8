import { openEnvelope } from '@lanna/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';
import { MEMBER_PROMOTIONS_QUERY_KEY } from './find-member-promotions';
import { ENVELOPE_QUERY_KEY } from './get-envelope';
import { WALLET_QUERY_KEY } from './wallet-query-key';

/** POST /wps/member/promotions/:id/envelope: the next share of the pool, into the main wallet. */
export const openEnvelopeRequest = (id: number) => call(openEnvelope, { params: { id } });

/**
 * Opens a red envelope. The centre and the envelope's openings are read again whatever the
 * answer (a refusal such as 'already opened' or 'all shares taken' changes what they show too),
 * the wallets after a share was paid into the main one. None of it is awaited: the share won
 * shows the moment the server answers, the reads follow.
 */
export const useOpenEnvelope = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openEnvelopeRequest,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: MEMBER_PROMOTIONS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: ENVELOPE_QUERY_KEY });
    },
  });
};
