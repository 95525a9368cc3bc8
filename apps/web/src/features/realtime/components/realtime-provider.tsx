import type { BalanceFrame, WalletBalance } from '@lanna/contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { realtime } from '@/lib/realtime/realtime';
import { expireSession, useSession } from '@/lib/session';

/*
 * Query keys the realtime events refresh. They are the owning features' keys, named here by
 * value because features do not import one another: the wallet's balance
 * (['member', 'wallet', 'balance', token]), member messages (['member', 'messages', ...]) and
 * the site's announcements (['content', 'announcements', ...]), and the deposit and withdrawal
 * records (['member', 'payments', ...]).
 */
const BALANCE_KEY = ['member', 'wallet', 'balance'] as const;
const WALLET_KEY = ['member', 'wallet'] as const;
const MESSAGES_KEY = ['member', 'messages'] as const;
const ANNOUNCEMENTS_KEY = ['content', 'announcements'] as const;
const CONTRACTS_KEY = ['member', 'contracts'] as const;
// A deposit credited or a withdrawal paid or refused moves the balance: its record reads again.
const PAYMENT_RECORD_KEYS = [
  ['member', 'payments', 'deposits', 'list'],
  ['member', 'payments', 'withdrawals', 'list'],
] as const;

/** Writes a wallet's new balance into the cached header balance; other wallet reads go stale. */
export const applyBalance = (queryClient: QueryClient, frame: BalanceFrame): void => {
  queryClient.setQueriesData<WalletBalance>({ queryKey: BALANCE_KEY }, (current) => {
    if (!current) return current;
    if (frame.wallet === 'main') return { ...current, balanceMinor: frame.balanceMinor };
    if (frame.wallet !== 'vendor' || frame.vendorCode === null) return current;
    const others = current.vendorWallets.filter((w) => w.vendorCode !== frame.vendorCode);
    return {
      ...current,
      vendorWallets: [
        ...others,
        { vendorCode: frame.vendorCode, balanceMinor: frame.balanceMinor },
      ],
    };
  });
  // The account record and transfer forms read again when next shown; the header is already right.
  void queryClient.invalidateQueries({
    queryKey: WALLET_KEY,
    predicate: (query) => query.queryKey[2] !== 'balance',
    refetchType: 'none',
  });
  for (const queryKey of PAYMENT_RECORD_KEYS) void queryClient.invalidateQueries({ queryKey });
};

/**
 * Mounted once in the app: keeps the tab's realtime socket signed in as the current session
 * and turns its frames into cache updates, so the header balance, unread counts and
 * announcements change without a reload. A revoked session signs the tab out at once (the
 * login popup opens as for any ended session); after a reconnect everything a missed frame
 * could have changed is read again.
 */
export const RealtimeProvider = () => {
  const queryClient = useQueryClient();
  const { token } = useSession();

  useEffect(() => {
    // The connection's state on the page root: styles and end-to-end tests can tell it is live.
    const showStatus = () => {
      document.documentElement.dataset.realtime = realtime.status;
    };
    const offStatus = realtime.onStatus(showStatus);
    realtime.start();
    showStatus();
    return () => {
      offStatus();
      realtime.stop();
    };
  }, []);

  useEffect(() => {
    realtime.setToken(token);
  }, [token]);

  useEffect(() => {
    const offs = [
      realtime.on('balance', (frame) => applyBalance(queryClient, frame)),
      realtime.on('messages', () => void queryClient.invalidateQueries({ queryKey: MESSAGES_KEY })),
      realtime.on(
        'announcements',
        () => void queryClient.invalidateQueries({ queryKey: ANNOUNCEMENTS_KEY }),
      ),
      realtime.on(
        'contractRequest',
        () => void queryClient.invalidateQueries({ queryKey: CONTRACTS_KEY }),
      ),
      realtime.onSignal((signal) => {
        if (signal.type === 'sessionEnded') {
          expireSession(signal.token);
          return;
        }
        for (const queryKey of [BALANCE_KEY, MESSAGES_KEY, ANNOUNCEMENTS_KEY])
          void queryClient.invalidateQueries({ queryKey });
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [queryClient]);

  return null;
};
