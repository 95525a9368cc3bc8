import type { WalletTransferRequest } from '@lanna/contract';
import { useMutation } from '@tanstack/react-query';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import { walletTransferRequest } from '../api/wallet-transfer';
import { useRefreshBalance } from './use-refresh-balance';

type Move = { build: (idempotencyKey: string) => WalletTransferRequest; intent: string };

/**
 * Runs the wallet moves of the My wallet page: the idempotency key follows the intent (a retry
 * of the same move reuses it), and the wallets are read again afterwards, whatever the answer,
 * so the header and the page show what the server holds.
 */
export const useWalletMove = (token: string) => {
  const refresh = useRefreshBalance(token);
  const { keyFor, done: forgetKey } = useIdempotencyKey();
  const move = useMutation({
    mutationFn: async ({ build, intent }: Move) => {
      const request = build(keyFor(intent));
      return { request, result: await walletTransferRequest(request) };
    },
    onSuccess: forgetKey,
    onSettled: () => void refresh(),
  });
  /** Sends a move; resolves true when it was done (a refusal shows as `error`). */
  const run = (build: Move['build'], intent: string): Promise<boolean> =>
    move.mutateAsync({ build, intent }).then(
      () => true,
      () => false,
    );
  return {
    pending: move.isPending,
    error: move.error,
    /** The last answer, with what was asked, for the success message. */
    done: move.data ?? null,
    run,
    clear: move.reset,
  };
};
