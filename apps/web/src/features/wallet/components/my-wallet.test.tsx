// My wallet as a member uses it: every wallet with its balance, amounts checked by the server's
// rule before anything is sent, a move or a recycle sent with an idempotency key that a retry
// reuses, the header balance read again afterwards, and the loading, error and single-wallet
// states.
import type { MerchantWallet, WalletBalance, WalletTransferResult } from '@lanna/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/api-error';
import { askedRequests } from '@/test/api-server';
import { createTestQueryClient, renderWithProviders } from '@/test/render';
import { inTurn, serveApi } from '@/test/serve-api';
import { walletTransferRequest } from '../api/wallet-transfer';
import { HeaderBalance } from './header-balance';
import { MyWallet } from './my-wallet';

vi.mock('../api/wallet-transfer', () => ({ walletTransferRequest: vi.fn() }));
const transfer = vi.mocked(walletTransferRequest);

const TRANSFER_MODE: MerchantWallet = {
  isSingle: false,
  vendors: [
    { vendorCode: 'PG', displayName: 'PG Soft' },
    { vendorCode: 'JILI', displayName: 'JILI Games' },
  ],
};

const balanceOf = (
  balanceMinor: string,
  vendorWallets: WalletBalance['vendorWallets'] = [],
): WalletBalance => ({
  currency: 'THB',
  currencySymbol: '฿',
  currencyDecimals: 2,
  balanceMinor,
  vendorWallets,
});

const RESULT: WalletTransferResult = {
  ...balanceOf('89950'),
  movements: [],
  replayed: false,
};

const BALANCE = '/wps/v2/wallets/balance';

/** Answers the balance with each of `balances` in turn (the last one again after that). */
const stubWallets = (mode: MerchantWallet, ...balances: WalletBalance[]) =>
  serveApi({ [BALANCE]: inTurn(...balances), '/wps/v2/wallets/merchant': mode });

const renderPage = () => {
  const queryClient = createTestQueryClient();
  renderWithProviders(
    <>
      <HeaderBalance token="t0k3n" />
      <MyWallet token="t0k3n" />
    </>,
    { queryClient },
  );
  return userEvent.setup();
};

beforeEach(() => transfer.mockReset());

describe('MyWallet', () => {
  it('lists the main wallet and every vendor wallet with its balance', async () => {
    stubWallets(
      TRANSFER_MODE,
      balanceOf('100000', [
        { vendorCode: 'PG', balanceMinor: '25000' },
        // A wallet the merchant no longer offers, with money left: listed so it can come home.
        { vendorCode: 'OLD', balanceMinor: '500' },
      ]),
    );
    renderPage();
    expect(await screen.findByTestId('my-wallet-main')).toHaveTextContent('฿ 1,000.00');
    expect(screen.getByTestId('my-wallet-total')).toHaveTextContent('฿ 1,255.00');
    expect(screen.getByTestId('vendor-wallet-PG')).toHaveTextContent('฿ 250.00');
    expect(screen.getByTestId('vendor-wallet-JILI')).toHaveTextContent('฿ 0.00');
    expect(screen.getByTestId('vendor-wallet-OLD')).toHaveTextContent('฿ 5.00');
    expect(screen.getByRole('button', { name: 'Transfer in to OLD' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Transfer out of JILI Games' })).toBeDisabled();
  });

  it('refuses amounts the server would refuse, without sending anything', async () => {
    stubWallets(TRANSFER_MODE, balanceOf('100000'));
    const user = renderPage();
    const amount = await screen.findByTestId('wallet-transfer-amount');
    const cases: [string, string][] = [
      ['12.345', 'Use at most 2 decimals.'],
      ['abc', 'Enter an amount in digits, such as 100.50.'],
      ['-5', 'Enter an amount in digits, such as 100.50.'],
      ['0', 'Enter an amount above zero.'],
      ['1000.01', 'More than the wallet holds.'],
    ];
    for (const [typed, message] of cases) {
      await user.clear(amount);
      await user.type(amount, typed);
      await user.click(screen.getByTestId('wallet-transfer-submit'));
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(amount).toHaveAttribute('aria-invalid', 'true');
    }
    expect(transfer).not.toHaveBeenCalled();
  });

  it('moves money in minor units and refreshes the header balance', async () => {
    stubWallets(TRANSFER_MODE, balanceOf('100000'), balanceOf('89950'));
    transfer.mockResolvedValueOnce(RESULT);
    const user = renderPage();
    await user.type(await screen.findByTestId('wallet-transfer-amount'), '100.5');
    await user.click(screen.getByTestId('wallet-transfer-submit'));
    expect(await screen.findByTestId('my-wallet-done')).toHaveTextContent('Transfer complete.');
    expect(transfer).toHaveBeenCalledWith({
      action: 'toVendor',
      vendorCode: 'PG',
      amountMinor: '10050',
      idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/) as string,
    });
    await waitFor(() =>
      expect(screen.getByTestId('header-balance-amount')).toHaveTextContent('฿ 899.50'),
    );
    expect(askedRequests(BALANCE).length).toBeGreaterThanOrEqual(2);
    expect(screen.getByTestId('wallet-transfer-amount')).toHaveValue('');
  });

  it('retries a failed move with the same key, and a new move with a new one', async () => {
    stubWallets(TRANSFER_MODE, balanceOf('100000'));
    transfer
      .mockRejectedValueOnce(new ApiError('TIMEOUT', { status: 0 }))
      .mockResolvedValueOnce(RESULT)
      .mockResolvedValueOnce(RESULT);
    const user = renderPage();
    const amount = await screen.findByTestId('wallet-transfer-amount');
    await user.type(amount, '10');
    await user.click(screen.getByTestId('wallet-transfer-submit'));
    expect(await screen.findByTestId('my-wallet-error')).toHaveTextContent(/./);
    await user.click(screen.getByTestId('wallet-transfer-submit'));
    await screen.findByTestId('my-wallet-done');
    await user.type(amount, '10');
    await user.click(screen.getByTestId('wallet-transfer-submit'));
    await waitFor(() => expect(transfer).toHaveBeenCalledTimes(3));
    const keys = transfer.mock.calls.map(([request]) => request.idempotencyKey);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it("shows the server's refusal in the member's words", async () => {
    stubWallets(TRANSFER_MODE, balanceOf('100000'));
    transfer.mockRejectedValueOnce(new ApiError('ACCOUNT_FROZEN', { status: 403 }));
    const user = renderPage();
    await user.type(await screen.findByTestId('wallet-transfer-amount'), '10');
    await user.click(screen.getByTestId('wallet-transfer-submit'));
    expect(await screen.findByTestId('my-wallet-error')).not.toHaveTextContent('ACCOUNT_FROZEN');
  });

  it('takes a vendor wallet from its row, and the whole balance with All', async () => {
    stubWallets(TRANSFER_MODE, balanceOf('100000', [{ vendorCode: 'JILI', balanceMinor: '4200' }]));
    transfer.mockResolvedValueOnce(RESULT);
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Transfer out of JILI Games' }));
    expect(screen.getByTestId('wallet-direction-fromVendor')).toBeChecked();
    expect(screen.getByTestId('wallet-transfer-vendor')).toHaveValue('JILI');
    expect(screen.getByTestId('wallet-transfer-amount')).toHaveFocus();
    await user.click(screen.getByTestId('wallet-transfer-all'));
    expect(screen.getByTestId('wallet-transfer-amount')).toHaveValue('42.00');
    await user.click(screen.getByTestId('wallet-transfer-submit'));
    await waitFor(() =>
      expect(transfer).toHaveBeenCalledWith(
        expect.objectContaining({ action: 'fromVendor', vendorCode: 'JILI', amountMinor: '4200' }),
      ),
    );
  });

  it('recycles every vendor wallet with one press', async () => {
    stubWallets(TRANSFER_MODE, balanceOf('0', [{ vendorCode: 'PG', balanceMinor: '100' }]));
    transfer.mockResolvedValueOnce({
      ...RESULT,
      movements: [
        { vendorCode: 'PG', direction: 'fromVendor', amountMinor: '100', transferId: '9' },
      ],
    });
    const user = renderPage();
    await user.click(await screen.findByTestId('wallet-recycle-all'));
    expect(await screen.findByTestId('my-wallet-done')).toHaveTextContent(
      'Every game wallet is back in your main wallet.',
    );
    expect(transfer).toHaveBeenCalledWith({
      action: 'recycleAll',
      idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/) as string,
    });
  });

  it('explains a single wallet and offers no transfer', async () => {
    stubWallets({ isSingle: true, vendors: [] }, balanceOf('5000'));
    renderPage();
    expect(await screen.findByTestId('my-wallet-single')).toBeInTheDocument();
    expect(screen.queryByTestId('wallet-transfer-form')).toBeNull();
    expect(screen.queryByTestId('wallet-recycle-all')).toBeNull();
    const page = screen.getByTestId('my-wallet');
    expect(within(page).getByTestId('my-wallet-main')).toHaveTextContent('฿ 50.00');
  });

  it('shows a retry instead of figures when the wallets cannot be read', async () => {
    serveApi({});
    renderPage();
    expect(await screen.findByTestId('my-wallet-load-error')).toBeInTheDocument();
    expect(screen.queryByTestId('my-wallet-main')).toBeNull();
  });
});
