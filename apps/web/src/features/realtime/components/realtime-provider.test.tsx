// A balance frame changes the cached header balance in place: the main wallet's amount, or the
// one vendor wallet it names, leaving the rest as it was; a member with nothing cached yet gets
// nothing invented.
import type { WalletBalance } from '@lanna/contract';
import { describe, expect, it } from 'vitest';
import { createTestQueryClient } from '@/test/render';
import { applyBalance } from './realtime-provider';

const KEY = ['member', 'wallet', 'balance', 't0k3n'];
const cached: WalletBalance = {
  currency: 'THB',
  currencySymbol: '฿',
  currencyDecimals: 2,
  balanceMinor: '1000',
  vendorWallets: [
    { vendorCode: 'PG', balanceMinor: '50' },
    { vendorCode: 'JILI', balanceMinor: '70' },
  ],
};

const AT = '2026-11-22T09:00:00.000Z';

describe('applyBalance', () => {
  it('writes the main wallet and one vendor wallet into the cached balance', () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(KEY, cached);
    applyBalance(queryClient, {
      type: 'balance',
      wallet: 'main',
      vendorCode: null,
      balanceMinor: '2500',
      committedAt: AT,
    });
    applyBalance(queryClient, {
      type: 'balance',
      wallet: 'vendor',
      vendorCode: 'PG',
      balanceMinor: '0',
      committedAt: AT,
    });
    const after = queryClient.getQueryData<WalletBalance>(KEY);
    expect(after?.balanceMinor).toBe('2500');
    expect(after?.vendorWallets).toEqual(
      expect.arrayContaining([
        { vendorCode: 'PG', balanceMinor: '0' },
        { vendorCode: 'JILI', balanceMinor: '70' },
      ]),
    );
    expect(after?.vendorWallets).toHaveLength(2);
  });

  it('leaves the main figure alone for a locked or bonus change, and invents nothing', () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(KEY, cached);
    applyBalance(queryClient, {
      type: 'balance',
      wallet: 'locked',
      vendorCode: null,
      balanceMinor: '9',
      committedAt: AT,
    });
    expect(queryClient.getQueryData<WalletBalance>(KEY)).toEqual(cached);

    const empty = createTestQueryClient();
    applyBalance(empty, {
      type: 'balance',
      wallet: 'main',
      vendorCode: null,
      balanceMinor: '1',
      committedAt: AT,
    });
    expect(empty.getQueryData(KEY)).toBeUndefined();
  });

  it('marks the deposit and withdrawal records stale, so an approved deposit shows at once', () => {
    const queryClient = createTestQueryClient();
    const deposits = ['member', 'payments', 'deposits', 'list', 't0k3n', { pageNo: 1 }];
    const channels = ['member', 'payments', 'deposits', 'channels', 't0k3n'];
    queryClient.setQueryData(deposits, { list: [{ status: 'pending' }] });
    queryClient.setQueryData(channels, []);
    applyBalance(queryClient, {
      type: 'balance',
      wallet: 'main',
      vendorCode: null,
      balanceMinor: '2500',
      committedAt: AT,
    });
    expect(queryClient.getQueryState(deposits)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(channels)?.isInvalidated).toBe(false);
  });
});
