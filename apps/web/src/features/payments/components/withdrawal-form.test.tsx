// The withdrawal form as a member uses it: the money, limits and remaining turnover are shown;
// amounts are checked as text (no floating point) against the currency, the limits and the
// balance before anything is sent; the request carries exact minor units, the chosen account
// and one idempotency key that a retry of the same withdrawal keeps and a new amount changes;
// the server's refusals show in words.
import type { PayeeAccount, WithdrawalOptions } from '@lanna/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/api-error';
import { renderWithProviders } from '@/test/render';
import { requestWithdrawalRequest } from '../api/withdrawals';
import { withdrawalAmountSchema, WithdrawalForm } from './withdrawal-form';

vi.mock('../api/withdrawals', async (original) => ({
  ...(await original<typeof import('../api/withdrawals')>()),
  requestWithdrawalRequest: vi.fn(),
}));
const request = vi.mocked(requestWithdrawalRequest);

const OPTIONS: WithdrawalOptions = {
  currency: 'THB',
  currencySymbol: '฿',
  currencyDecimals: 2,
  availableMinor: '150000',
  heldMinor: '20000',
  minMinor: '10000',
  maxMinor: '5000000',
  dailyCount: 5,
  dailyAmountMinor: '20000000',
  usedTodayCount: 1,
  usedTodayAmountMinor: '20000',
  turnover: {
    requiredMinor: '0',
    achievedMinor: '0',
    remainingMinor: '0',
    multiplierPercent: 100,
    lastDepositMinor: null,
    lastDepositAt: null,
  },
  paymentPasswordSet: true,
  confirmMinutes: 60,
};

const CARD: PayeeAccount = {
  id: '12',
  kind: 'bank',
  bankName: 'Kasikorn Bank',
  walletType: null,
  accountName: 'Somchai Jaidee',
  accountNumberMasked: '****7890',
  createdAt: '2026-06-01T00:00:00.000Z',
};
const WALLET: PayeeAccount = {
  ...CARD,
  id: '13',
  kind: 'ewallet',
  bankName: null,
  walletType: 'TRUEMONEY',
  accountNumberMasked: '****5678',
};

beforeEach(() => request.mockReset());

describe('withdrawalAmountSchema', () => {
  it('reads typed amounts exactly, without floating point', () => {
    const read = (text: string, options = OPTIONS) =>
      withdrawalAmountSchema(options).safeParse(text).data;
    expect(read('1,234.56')).toBe('123456');
    expect(read('100.10')).toBe('10010');
    expect(read('0.3', { ...OPTIONS, minMinor: '1' })).toBe('30');
  });

  it('names what is wrong with an amount', () => {
    /** The translation key the refusal names. */
    const keyOf = (text: string, options = OPTIONS) => {
      const [issue] = withdrawalAmountSchema(options).safeParse(text).error?.issues ?? [];
      const params = issue?.code === 'custom' ? issue.params : undefined;
      return (params?.message as { key: string } | undefined)?.key;
    };
    expect(keyOf('')).toBe('validation.required');
    expect(keyOf('abc')).toBe('withdrawal.amount.format');
    expect(keyOf('-5')).toBe('withdrawal.amount.format');
    expect(keyOf('1e3')).toBe('withdrawal.amount.format');
    expect(keyOf('100.555')).toBe('withdrawal.amount.precision');
    expect(keyOf('99999999999999999999')).toBe('withdrawal.amount.too_large');
    expect(keyOf('0')).toBe('withdrawal.amount.zero');
    expect(keyOf('99.99')).toBe('withdrawal.amount.belowMin');
    expect(keyOf('50000.01')).toBe('withdrawal.amount.aboveMax');
    expect(keyOf('1500.01')).toBe('errors.INSUFFICIENT_BALANCE');
    expect(keyOf('100', { ...OPTIONS, usedTodayCount: 5 })).toBe(
      'errors.WITHDRAWAL_DAILY_COUNT_REACHED',
    );
    expect(keyOf('500', { ...OPTIONS, usedTodayAmountMinor: '19990000' })).toBe(
      'withdrawal.amount.aboveToday',
    );
  });
});

const submit = async (fields: { amount?: string; password?: string }) => {
  const user = userEvent.setup();
  if (fields.amount !== undefined) {
    await user.clear(screen.getByTestId('withdrawal-amount'));
    if (fields.amount) await user.type(screen.getByTestId('withdrawal-amount'), fields.amount);
  }
  if (fields.password !== undefined) {
    await user.clear(screen.getByTestId('withdrawal-password'));
    if (fields.password)
      await user.type(screen.getByTestId('withdrawal-password'), fields.password);
  }
  await user.click(screen.getByTestId('withdrawal-submit'));
};

describe('WithdrawalForm', () => {
  it('shows the available balance, limits and remaining turnover', () => {
    renderWithProviders(
      <WithdrawalForm
        options={{
          ...OPTIONS,
          turnover: {
            ...OPTIONS.turnover,
            requiredMinor: '100000',
            achievedMinor: '40000',
            remainingMinor: '60000',
          },
        }}
        accounts={[CARD]}
        onRequested={() => {}}
      />,
    );
    expect(screen.getByTestId('withdrawal-available')).toHaveTextContent('฿1,500.00');
    expect(screen.getByTestId('withdrawal-turnover')).toHaveTextContent('฿600.00');
    expect(screen.getByTestId('withdrawal-turnover-alert')).toHaveTextContent('฿1,000.00');
  });

  it('sends nothing for a bad amount or a missing payment password', async () => {
    renderWithProviders(
      <WithdrawalForm options={OPTIONS} accounts={[CARD]} onRequested={() => {}} />,
    );
    await submit({ amount: '12.345', password: '135790' });
    expect(screen.getByText('Too many decimals for this currency')).toBeInTheDocument();
    await submit({ amount: '500', password: '' });
    expect(screen.getByText('Input cannot be empty.')).toBeInTheDocument();
    expect(request).not.toHaveBeenCalled();
  });

  it('sends exact minor units and keeps the key when the same withdrawal is retried', async () => {
    request
      .mockRejectedValueOnce(new ApiError('NETWORK_ERROR', { status: 0 }))
      .mockRejectedValueOnce(new ApiError('PAYMENT_PASSWORD_WRONG', { status: 403 }))
      .mockResolvedValue({} as never);
    const onRequested = vi.fn();
    renderWithProviders(
      <WithdrawalForm options={OPTIONS} accounts={[CARD, WALLET]} onRequested={onRequested} />,
    );
    await userEvent.setup().selectOptions(screen.getByTestId('withdrawal-payee'), '13');
    await submit({ amount: '1,000.50', password: '135790' });
    await submit({});
    expect(await screen.findByTestId('withdrawal-error')).toHaveTextContent(
      'Wrong payment password.',
    );
    await submit({ amount: '999' });
    await waitFor(() => expect(onRequested).toHaveBeenCalledOnce());
    const [first, second, third] = request.mock.calls.map(([payload]) => payload);
    expect(first).toMatchObject({
      amountMinor: '100050',
      payeeAccountId: '13',
      paymentPassword: '135790',
    });
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
    expect(third).toMatchObject({ amountMinor: '99900' });
    expect(third?.idempotencyKey).not.toBe(first?.idempotencyKey);
    expect(screen.getByTestId('withdrawal-done')).toBeInTheDocument();
    expect(screen.getByTestId('withdrawal-amount')).toHaveValue('');
  });
});
