// The salaries and dividends lists: totals per kind above the rows, each row's period,
// counterpart ('House' for none), figures and status; a dividend the agent owes shows when it
// is due and is paid after a confirmation, and a refusal for want of money is said.
import type { Payout } from '@lanna/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { askedQueries, askedRequests } from '@/test/api-server';
import { keysetPageFixture } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { refusal, serveApi, type Route } from '@/test/serve-api';
import { PayoutList } from './payout-list';

const PATH = '/wps/agent/payouts';

const payout = (overrides: Partial<Payout> = {}): Payout => ({
  id: 7,
  contractId: 41,
  kind: 'dividend',
  periodStart: '2026-11-16T17:00:00.000Z',
  periodEnd: '2026-11-23T17:00:00.000Z',
  counterpart: null,
  validBetMinor: '12000000',
  lossMinor: '350000',
  activeMembers: 4,
  amountMinor: '87500',
  status: 'paid',
  dueAt: null,
  paidAt: '2026-11-24T01:00:00.000Z',
  ...overrides,
});

const RECEIVED = {
  ...keysetPageFixture([payout()]),
  totals: [
    { kind: 'dividend', amountMinor: '87500' },
    { kind: 'daily_salary', amountMinor: '1250' },
  ],
};
const PAID = {
  ...keysetPageFixture([
    payout({
      id: 8,
      counterpart: 'sub_agent7',
      status: 'due',
      amountMinor: '20000',
      dueAt: '2026-11-25T17:00:00.000Z',
      paidAt: null,
    }),
  ]),
  totals: [],
};

const serve = (pay: Route = payout({ id: 8, status: 'paid' })) =>
  serveApi({
    [`GET ${PATH}`]: ({ request }: { request: Request }) =>
      new URL(request.url).searchParams.get('side') === 'paid' ? PAID : RECEIVED,
    'POST /wps/agent/payouts/:id/pay': pay,
  });

describe('PayoutList', () => {
  it('shows the totals per kind and each payout, the house named when no upline pays', async () => {
    serve();
    renderWithProviders(
      <PayoutList token="t0k3n" timeZone="Asia/Bangkok" sides={['received']} testId="my-income" />,
    );
    const totals = await screen.findByTestId('my-income-totals');
    expect(totals).toHaveTextContent('Dividend฿ 875.00');
    expect(totals).toHaveTextContent('Daily salary฿ 12.50');
    const row = within(screen.getByTestId('my-income-row'));
    expect(row.getByText('House')).toBeInTheDocument();
    expect(row.getByText('2026/11/17 00:00 – 2026/11/24 00:00')).toBeInTheDocument();
    expect(row.getByText('฿ 120,000.00')).toBeInTheDocument();
    expect(row.getByText('Paid')).toBeInTheDocument();
    expect(askedQueries(PATH)[0]?.get('side')).toBe('received');
    expect(askedQueries(PATH)[0]?.has('kind')).toBe(false);
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('pays a dividend the agent owes once confirmed', async () => {
    serve();
    const user = userEvent.setup();
    renderWithProviders(
      <PayoutList
        token="t0k3n"
        timeZone="Asia/Bangkok"
        kind="dividend"
        sides={['received', 'paid']}
        testId="dividends"
      />,
    );
    await screen.findByTestId('dividends-row');
    await user.click(screen.getByRole('tab', { name: 'Paid to my downlines' }));
    const row = within(await screen.findByTestId('dividends-row'));
    expect(await row.findByText('sub_agent7')).toBeInTheDocument();
    expect(row.getByText('Pay by 2026/11/26 00:00')).toBeInTheDocument();
    expect(askedQueries(PATH).at(-1)?.get('kind')).toBe('dividend');
    await user.click(row.getByRole('button', { name: 'Pay now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay this dividend?' });
    expect(dialog).toHaveTextContent('฿ 200.00 goes from your main wallet to sub_agent7 now.');
    await user.click(within(dialog).getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(askedRequests('/wps/agent/payouts/8/pay')).toHaveLength(1));
    expect(await screen.findByText('The dividend to sub_agent7 is paid.')).toBeInTheDocument();
  });

  it('says when the wallet cannot pay the dividend', async () => {
    serve(() => refusal(409, 'INSUFFICIENT_BALANCE'));
    const user = userEvent.setup();
    renderWithProviders(
      <PayoutList
        token="t0k3n"
        timeZone="Asia/Bangkok"
        kind="dividend"
        sides={['paid']}
        testId="dividends"
      />,
    );
    await user.click(await screen.findByRole('button', { name: 'Pay now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay this dividend?' });
    await user.click(within(dialog).getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByTestId('dividends-pay-error')).toHaveTextContent(
      'Insufficient balance.',
    );
  });
});
