import type { WalletTransferRequest, WalletTransferResult } from '@lanna/contract';
import { useCallback, useState } from 'react';
import { walletTransferRequest } from '../api/wallet-transfer';
import { useIdempotencyKey } from './use-idempotency-key';
import { useRefreshBalance } from './use-refresh-balance';

type MoveState = {
  pending: boolean;
  error: unknown;
  /** The last answer, with what was asked, for the success message. */
  done: { request: WalletTransferRequest; result: WalletTransferResult } | null;
};

const IDLE: MoveState = { pending: false, error: null, done: null };

/**
 * Runs one wallet move at a time for the My wallet page: the idempotency key follows the
 * intent (a retry of the same move reuses it), and the wallets are read again afterwards,
 * whatever the answer, so the header and the page show what the server holds.
 */
export const useWalletMove = (token: string) => {
  const refresh = useRefreshBalance(token);
  const { keyFor, done: forgetKey } = useIdempotencyKey();
  const [state, setState] = useState<MoveState>(IDLE);

  const run = useCallback(
    async (build: (idempotencyKey: string) => WalletTransferRequest, intent: string) => {
      setState({ pending: true, error: null, done: null });
      const request = build(keyFor(intent));
      try {
        const result = await walletTransferRequest(request);
        forgetKey();
        setState({ pending: false, error: null, done: { request, result } });
        return true;
      } catch (error) {
        setState({ pending: false, error, done: null });
        return false;
      } finally {
        void refresh();
      }
    },
    [forgetKey, keyFor, refresh],
  );
  const clear = useCallback(
    () => setState((current) => ({ ...current, error: null, done: null })),
    [],
  );
  return { ...state, run, clear };
};
