// The transfer forms as a member or an agent uses them: the upline named (or its absence said),
// every field checked before sending, the amount sent in minor units with the payment password
// and an idempotency key, the server's refusal shown in words, and the header balance read
// again after a transfer.
import type { MemberTransferResult, WalletBalance } from '@lanna/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/api-error';
import { createTestQueryClient, renderWithProviders } from '@/test/render';
import { inTurn, serveApi } from '@/test/serve-api';
import { transferToDownlineRequest, transferToUplineRequest } from '../api/member-transfer';
import { HeaderBalance } from './header-balance';
import { TransferToDownline } from './transfer-to-downline';
import { TransferToUpline } from './transfer-to-upline';

vi.mock('../api/member-transfer', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/member-transfer')>()),
  transferToUplineRequest: vi.fn(),
  transferToDownlineRequest: vi.fn(),
}));
const toUpline = vi.mocked(transferToUplineRequest);
const toDownline = vi.mocked(transferToDownlineRequest);

const balanceOf = (balanceMinor: string): WalletBalance => ({
  currency: 'THB',
  currencySymbol: '฿',
  currencyDecimals: 2,
  balanceMinor,
  vendorWallets: [],
});

const SENT: MemberTransferResult = {
  currency: 'THB',
  currencySymbol: '฿',
  currencyDecimals: 2,
  transferId: '41',
  amountMinor: '2550',
  recipient: { account: 'demo_agent', nickname: 'Demo Agent' },
  balanceMinor: '97450',
  replayed: false,
};

/** The upline info, and the balance: `balances` in turn, the last one again after that. */
const stubServer = (upline: { account: string; nickname: string } | null, ...balances: string[]) =>
  serveApi({
    '/wps/v2/wallets/balance': inTurn(...balances.map(balanceOf)),
    '/wps/member/transfer/upline': { upline },
  });

const render = (ui: React.ReactElement) => {
  renderWithProviders(
    <>
      <HeaderBalance token="t0k3n" />
      {ui}
    </>,
    { queryClient: createTestQueryClient() },
  );
  return userEvent.setup();
};

beforeEach(() => {
  toUpline.mockReset();
  toDownline.mockReset();
});

describe('TransferToUpline', () => {
  it('names the upline and sends the amount in minor units with the payment password', async () => {
    stubServer({ account: 'demo_agent', nickname: 'Demo Agent' }, '100000', '97450');
    toUpline.mockResolvedValueOnce(SENT);
    const user = render(<TransferToUpline token="t0k3n" />);
    expect(await screen.findByText('demo_agent')).toBeInTheDocument();
    await user.type(screen.getByTestId('upline-transfer-amount'), '25.50');
    await user.type(screen.getByTestId('upline-transfer-payment-password'), '246810');
    await user.click(screen.getByTestId('upline-transfer-submit'));
    expect(await screen.findByTestId('upline-transfer-done')).toHaveTextContent(
      'Sent ฿ 25.50 to demo_agent. Your main wallet: ฿ 974.50.',
    );
    expect(toUpline).toHaveBeenCalledWith({
      amountMinor: '2550',
      paymentPassword: '246810',
      idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/) as string,
    });
    await waitFor(() =>
      expect(screen.getByTestId('header-balance-amount')).toHaveTextContent('฿ 974.50'),
    );
    expect(screen.getByTestId('upline-transfer-payment-password')).toHaveValue('');
  });

  it('checks every field before sending', async () => {
    stubServer({ account: 'demo_agent', nickname: 'Demo Agent' }, '1000');
    const user = render(<TransferToUpline token="t0k3n" />);
    await user.click(await screen.findByTestId('upline-transfer-submit'));
    expect(screen.getByText('Enter an amount.')).toBeInTheDocument();
    expect(screen.getByTestId('upline-transfer-payment-password')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    // The refusal moves focus to the first invalid field on the next frame; typed before it,
    // the rest of the amount would follow the focus into the password once the amount is valid.
    await waitFor(() => expect(screen.getByTestId('upline-transfer-amount')).toHaveFocus());
    await user.type(screen.getByTestId('upline-transfer-amount'), '10.001');
    await user.type(screen.getByTestId('upline-transfer-payment-password'), '246810');
    await user.click(screen.getByTestId('upline-transfer-submit'));
    expect(screen.getByText('Use at most 2 decimals.')).toBeInTheDocument();
    await user.clear(screen.getByTestId('upline-transfer-amount'));
    await user.type(screen.getByTestId('upline-transfer-amount'), '10.01');
    await user.click(screen.getByTestId('upline-transfer-submit'));
    expect(screen.getByText('More than the wallet holds.')).toBeInTheDocument();
    expect(toUpline).not.toHaveBeenCalled();
  });

  it("shows the server's refusal and keeps the key for a retry", async () => {
    stubServer({ account: 'demo_agent', nickname: 'Demo Agent' }, '100000');
    toUpline
      .mockRejectedValueOnce(new ApiError('PAYMENT_PASSWORD_WRONG', { status: 403 }))
      .mockResolvedValueOnce(SENT);
    const user = render(<TransferToUpline token="t0k3n" />);
    await user.type(await screen.findByTestId('upline-transfer-amount'), '25.50');
    await user.type(screen.getByTestId('upline-transfer-payment-password'), '000000');
    await user.click(screen.getByTestId('upline-transfer-submit'));
    const refusal = await screen.findByTestId('upline-transfer-error');
    expect(refusal.textContent).not.toContain('PAYMENT_PASSWORD_WRONG');
    expect(refusal.textContent).not.toBe('');
    await user.clear(screen.getByTestId('upline-transfer-payment-password'));
    await user.type(screen.getByTestId('upline-transfer-payment-password'), '246810');
    await user.click(screen.getByTestId('upline-transfer-submit'));
    await screen.findByTestId('upline-transfer-done');
    const [first, second] = toUpline.mock.calls.map(([payload]) => payload.idempotencyKey);
    expect(second).toBe(first);
  });

  it('points a member without a payment password to where it is set', async () => {
    stubServer({ account: 'demo_agent', nickname: 'Demo Agent' }, '100000');
    toUpline.mockRejectedValueOnce(new ApiError('PAYMENT_PASSWORD_NOT_SET', { status: 409 }));
    const user = render(
      <MemoryRouter>
        <TransferToUpline token="t0k3n" />
      </MemoryRouter>,
    );
    await user.type(await screen.findByTestId('upline-transfer-amount'), '1');
    await user.type(screen.getByTestId('upline-transfer-payment-password'), '123456');
    await user.click(screen.getByTestId('upline-transfer-submit'));
    expect(await screen.findByTestId('upline-transfer-set-password')).toHaveAttribute(
      'href',
      '/member?tab=withdrawal',
    );
  });

  it('says so when the member has no upline', async () => {
    stubServer(null, '1000');
    render(<TransferToUpline token="t0k3n" />);
    expect(await screen.findByText('Your account has no upline to transfer to.')).toBeVisible();
    expect(screen.queryByTestId('upline-transfer')).toBeNull();
  });
});

describe('TransferToDownline', () => {
  it('asks for the downline, sends its name trimmed, and shows a refusal', async () => {
    stubServer(null, '100000');
    toDownline.mockRejectedValueOnce(new ApiError('RECIPIENT_NOT_FOUND', { status: 404 }));
    const user = render(<TransferToDownline token="t0k3n" />);
    await user.type(await screen.findByTestId('downline-transfer-amount'), '5');
    await user.type(screen.getByTestId('downline-transfer-payment-password'), '246810');
    await user.click(screen.getByTestId('downline-transfer-submit'));
    expect(screen.getByTestId('downline-transfer-downline')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(toDownline).not.toHaveBeenCalled();
    await user.type(screen.getByTestId('downline-transfer-downline'), '  team_one ');
    await user.click(screen.getByTestId('downline-transfer-submit'));
    expect(await screen.findByTestId('downline-transfer-error')).toHaveTextContent(
      'There is no member of that name in your team.',
    );
    expect(toDownline).toHaveBeenCalledWith({
      downline: 'team_one',
      amountMinor: '500',
      paymentPassword: '246810',
      idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/) as string,
    });
  });
});
