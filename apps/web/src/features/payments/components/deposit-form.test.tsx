// The deposit form as a member uses it: amounts are checked as text against the currency and
// the channel's limits before anything is sent, a bank transfer needs the payer's name, the
// request carries exact minor units and one idempotency key that a retry keeps, a bank
// transfer ends in a confirmation and a gateway channel in its checkout, and the server's
// refusals show in words.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { askedRequests } from '@/test/api-server';
import { renderWithProviders } from '@/test/render';
import { envelope, refusal, serveApi } from '@/test/serve-api';
import { DepositForm } from './deposit-form';
import { BANK_CHANNEL, GATEWAY_CHANNEL, THB } from './deposit-test-fixtures';

const CURRENCY = THB;
const BANK = BANK_CHANNEL;
const GATEWAY = GATEWAY_CHANNEL;

const deposit = (amountMinor: string) => ({
  id: '41',
  status: 'pending',
  channelKind: 'bank_transfer',
  channelName: BANK.name,
  amountMinor,
  payerName: 'Somchai Jaidee',
  reference: null,
  rejectReason: null,
  createdAt: '2026-06-10T05:00:00.000Z',
  decidedAt: null,
});

const DEPOSITS = '/wps/payments/deposits';

/** Answers the deposit requests with `answers` in turn; any after them is refused 500. */
const serveDeposits = (...answers: (() => Response)[]) => {
  const queue = [...answers];
  serveApi({ [DEPOSITS]: () => (queue.shift() ?? (() => refusal(500, 'INTERNAL_ERROR')))() });
};

/** The JSON bodies of every request the form sent, oldest first. */
const sentBodies = () =>
  Promise.all(
    askedRequests().map(({ request }) => request.json() as Promise<Record<string, unknown>>),
  );

const fill = async (fields: { amount?: string; payer?: string; reference?: string }) => {
  const user = userEvent.setup();
  if (fields.amount !== undefined) {
    await user.clear(screen.getByTestId('deposit-amount'));
    if (fields.amount) await user.type(screen.getByTestId('deposit-amount'), fields.amount);
  }
  if (fields.payer !== undefined)
    await user.type(screen.getByTestId('deposit-payer-name'), fields.payer);
  if (fields.reference !== undefined)
    await user.type(screen.getByTestId('deposit-reference'), fields.reference);
  await user.click(screen.getByTestId('deposit-submit'));
};

describe('DepositForm', () => {
  it('refuses bad amounts and a missing payer name without asking the server', async () => {
    serveDeposits();
    renderWithProviders(<DepositForm channel={BANK} currency={CURRENCY} />);
    const cases: [string, string][] = [
      ['', 'Input cannot be empty.'],
      ['abc', 'Enter an amount in numbers, such as 500.00'],
      ['-100', 'Enter an amount in numbers, such as 500.00'],
      ['100.555', 'Too many decimals for this currency'],
      ['0', 'The amount must be more than 0'],
      ['99.99', 'Enter an amount from ฿100.00 to ฿200,000.00'],
      ['200000.01', 'Enter an amount from ฿100.00 to ฿200,000.00'],
    ];
    for (const [typed, message] of cases) {
      await fill({ amount: typed });
      await waitFor(() =>
        expect(screen.getByTestId('deposit-amount')).toHaveAccessibleDescription(message),
      );
    }
    expect(screen.getByTestId('deposit-payer-name')).toHaveAttribute('aria-invalid', 'true');
    expect(askedRequests()).toEqual([]);
  });

  it('sends exact minor units with the payer and reference, and confirms the request', async () => {
    serveDeposits(() => envelope({ deposit: deposit('123450'), checkoutUrl: null }));
    renderWithProviders(<DepositForm channel={BANK} currency={CURRENCY} />);
    await fill({ amount: '1,234.50', payer: '  Somchai Jaidee ', reference: 'TRX-77' });
    expect(await screen.findByTestId('deposit-submitted')).toHaveTextContent(
      'Your deposit of ฿1,234.50 was submitted and is pending review.',
    );
    const [body] = await sentBodies();
    expect(body).toEqual({
      channelId: 7,
      amountMinor: '123450',
      payerName: 'Somchai Jaidee',
      reference: 'TRX-77',
      idempotencyKey: expect.stringMatching(/^dep-[0-9a-f-]{36}$/) as unknown,
    });
    expect(askedRequests()[0]?.path).toBe(DEPOSITS);
    expect(screen.getByTestId('deposit-amount')).toHaveValue('');
  });

  it('keeps the idempotency key when a failed submit is retried, and shows the refusal', async () => {
    serveDeposits(
      () => refusal(503, 'MAINTENANCE'),
      () => envelope({ deposit: deposit('50000'), checkoutUrl: null }),
    );
    renderWithProviders(<DepositForm channel={BANK} currency={CURRENCY} />);
    await fill({ amount: '500', payer: 'Somchai' });
    expect(await screen.findByTestId('deposit-error')).toHaveTextContent(/maintenance/i);
    await userEvent.setup().click(screen.getByTestId('deposit-submit'));
    await screen.findByTestId('deposit-submitted');
    const [first, second] = await sentBodies();
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
  });

  it('uses a new key for a different deposit after a success', async () => {
    serveDeposits(
      () => envelope({ deposit: deposit('50000'), checkoutUrl: null }),
      () => envelope({ deposit: deposit('50000'), checkoutUrl: null }),
    );
    renderWithProviders(<DepositForm channel={BANK} currency={CURRENCY} />);
    await fill({ amount: '500', payer: 'Somchai' });
    await screen.findByTestId('deposit-submitted');
    await fill({ amount: '500' });
    await waitFor(() => expect(askedRequests()).toHaveLength(2));
    const [first, second] = await sentBodies();
    expect(second?.idempotencyKey).not.toBe(first?.idempotencyKey);
  });

  it('sends a gateway deposit to its checkout, without payer fields', async () => {
    const checkoutUrl = 'http://localhost/sandbox-gateway/checkout/sbx_0123456789abcdefgh';
    serveDeposits(() => envelope({ deposit: deposit('75000'), checkoutUrl }));
    const onCheckout = vi.fn();
    renderWithProviders(
      <DepositForm channel={GATEWAY} currency={CURRENCY} onCheckout={onCheckout} />,
    );
    expect(screen.queryByTestId('deposit-payer-name')).not.toBeInTheDocument();
    expect(screen.getByTestId('deposit-submit')).toHaveTextContent('Continue to payment');
    await fill({ amount: '750' });
    await waitFor(() => expect(onCheckout).toHaveBeenCalledWith(checkoutUrl));
    const [body] = await sentBodies();
    expect(body).toMatchObject({ channelId: 9, amountMinor: '75000' });
    expect(body).not.toHaveProperty('payerName');
  });

  it("shows the server's refusal of a channel in words", async () => {
    serveDeposits(() => refusal(404, 'DEPOSIT_CHANNEL_NOT_FOUND'));
    renderWithProviders(<DepositForm channel={BANK} currency={CURRENCY} />);
    await fill({ amount: '500', payer: 'Somchai' });
    expect(await screen.findByTestId('deposit-error')).toHaveTextContent(
      'This deposit channel is not available. Please choose another.',
    );
  });
});
