// The contracts page as an agent uses it: both lists with each contract's kind, counterpart,
// status and top rate; accepting and rejecting an offer received and ending an active contract
// after a confirmation send the right calls; the offer form reads percentages as basis points,
// refuses tiers that do not ascend before sending, shows what the terms would have paid, and
// says so when the rate is above the agent's own.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { askedRequests } from '@/test/api-server';
import { contractFixture, keysetPageFixture } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { refusal, serveApi } from '@/test/serve-api';
import { Contracts } from './contracts';

const LIST = '/wps/agent/contracts';
const CURRENCY = { currencySymbol: '฿', currencyDecimals: 2 };

const RECEIVED = [
  contractFixture(),
  contractFixture({
    id: 40,
    kind: 'daily_salary',
    status: 'active',
    upline: null,
    terms: {
      kind: 'daily_salary',
      basis: 'valid_bet',
      tiering: 'highest',
      tiers: [{ threshold: '0', minActiveMembers: 0, rateBp: 50, lossRateBp: 80 }],
      minBetMinor: '0',
    },
    topRateBp: 80,
    decidedAt: '2026-11-21T03:00:00.000Z',
  }),
];
const OFFERED = [
  contractFixture({ id: 52, upline: 'demo_agent', downline: 'sub_agent7', status: 'active' }),
];
const AGENTS = keysetPageFixture([
  {
    id: 7,
    account: 'sub_agent7',
    nickname: 'Seven',
    isAgent: true,
    level: 1,
    upline: 'demo_agent',
    status: 'active',
    active: true,
    balanceMinor: '0',
    registeredAt: '2026-03-01T03:00:00.000Z',
    lastLoginAt: null,
    teamSize: 3,
    frozen: false,
    freezeRequest: null,
    contracts: [],
  },
]);
const PREVIEW = {
  currency: 'THB',
  currencySymbol: '฿',
  currencyDecimals: 2,
  periodStart: '2026-11-16T17:00:00.000Z',
  periodEnd: '2026-11-23T17:00:00.000Z',
  validBetMinor: '12000000',
  lossMinor: '350000',
  activeMembers: 4,
  amountMinor: '35000',
};

const serve = (extra: Record<string, unknown> = {}) =>
  serveApi({
    ...extra,
    [`GET ${LIST}`]: ({ request }: { request: Request }) =>
      keysetPageFixture(
        new URL(request.url).searchParams.get('side') === 'received' ? RECEIVED : OFFERED,
      ),
    'GET /wps/agent/downlines': AGENTS,
    'POST /wps/agent/contracts/:id/:action': ({ params }: { params: Record<string, unknown> }) =>
      contractFixture({ id: Number(params.id) }),
  });

const renderPage = () => {
  renderWithProviders(<Contracts token="t0k3n" timeZone="Asia/Bangkok" currency={CURRENCY} />);
  return userEvent.setup();
};

const section = (name: string) => screen.getByRole('region', { name });
const posted = (path: string) => askedRequests(path).filter((asked) => asked.method === 'POST');

describe('Contracts', () => {
  it('lists what the upline gave and what the agent gave, with rates in percent', async () => {
    serve();
    renderPage();
    const rows = await within(await screen.findByTestId('contracts-received')).findAllByTestId(
      'contracts-received-row',
    );
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Dividend')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('demo_upline')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Waiting')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('25%')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('House')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('0.8%')).toBeInTheDocument();
    const offered = within(section('To my downlines'));
    expect(await offered.findByText('sub_agent7')).toBeInTheDocument();
  });

  it('accepts and rejects an offer received, and ends an active contract once confirmed', async () => {
    serve();
    const user = renderPage();
    const received = within(await screen.findByTestId('contracts-received'));
    await user.click(await received.findByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(posted('/wps/agent/contracts/41/accept')).toHaveLength(1));
    expect(await posted('/wps/agent/contracts/41/accept')[0]!.request.json()).toEqual({
      confirmUndercut: false,
    });
    await user.click(received.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(posted('/wps/agent/contracts/41/reject')).toHaveLength(1));

    await user.click(received.getByRole('button', { name: 'End' }));
    const dialog = await screen.findByRole('dialog', { name: 'End this contract?' });
    expect(dialog).toHaveTextContent('The Daily salary contract with House ends now');
    expect(posted('/wps/agent/contracts/40/terminate')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'End' }));
    await waitFor(() => expect(posted('/wps/agent/contracts/40/terminate')).toHaveLength(1));
  });

  it('sends rates typed in percent as basis points, after a preview of what they would pay', async () => {
    serve({ 'POST /wps/agent/contracts/preview': PREVIEW, [`POST ${LIST}`]: RECEIVED[0] });
    const user = renderPage();
    const form = within(screen.getByRole('region', { name: 'Offer a contract' }));
    await form.findByRole('option', { name: 'sub_agent7 (Seven)' });
    await user.selectOptions(form.getByLabelText('Downline agent'), 'sub_agent7 (Seven)');
    await user.selectOptions(form.getByLabelText('Type'), 'Daily salary');
    await user.type(form.getByLabelText('Rate, players who won'), '0.5');
    await user.type(form.getByLabelText('Rate, players who lost'), '1.25');
    await user.click(form.getByRole('button', { name: 'See what it would have paid' }));
    const preview = await form.findByTestId('offer-contract-preview-result');
    expect(preview).toHaveTextContent(
      "On the agent's last full period, 2026/11/17 00:00 to 2026/11/24 00:00",
    );
    expect(preview).toHaveTextContent('It would have paid฿ 350.00');

    await user.click(form.getByRole('button', { name: 'Offer the contract' }));
    expect(await form.findByText(/Offer sent to sub_agent7/)).toBeInTheDocument();
    const sent = posted(LIST)[0]!;
    expect(await sent.request.json()).toEqual({
      downline: 'sub_agent7',
      terms: {
        kind: 'daily_salary',
        basis: 'valid_bet',
        tiering: 'highest',
        tiers: [{ threshold: '0', minActiveMembers: 0, rateBp: 50, lossRateBp: 125 }],
        minBetMinor: '0',
      },
    });
  });

  it('refuses tiers whose thresholds do not ascend before sending', async () => {
    serve();
    const user = renderPage();
    const form = within(screen.getByRole('region', { name: 'Offer a contract' }));
    await form.findByRole('option', { name: 'sub_agent7 (Seven)' });
    await user.selectOptions(form.getByLabelText('Downline agent'), 'sub_agent7 (Seven)');
    await user.type(form.getByLabelText('Rate'), '10');
    await user.click(form.getByRole('button', { name: 'Add a tier' }));
    const tiers = form.getAllByTestId('offer-contract-tier');
    await user.type(within(tiers[0]!).getByLabelText('From'), '1000');
    await user.type(within(tiers[1]!).getByLabelText('From'), '500');
    await user.type(within(tiers[1]!).getByLabelText('Rate'), '12');
    await user.click(form.getByRole('button', { name: 'Offer the contract' }));
    expect(await form.findByText('Each tier starts above the one before.')).toBeInTheDocument();
    expect(posted(LIST)).toHaveLength(0);
  });

  it("says when the rate is above the agent's own", async () => {
    serve({ [`POST ${LIST}`]: () => refusal(409, 'CONTRACT_RATE_ABOVE_UPLINE') });
    const user = renderPage();
    const form = within(screen.getByRole('region', { name: 'Offer a contract' }));
    await form.findByRole('option', { name: 'sub_agent7 (Seven)' });
    await user.selectOptions(form.getByLabelText('Downline agent'), 'sub_agent7 (Seven)');
    await user.type(form.getByLabelText('Rate'), '60');
    await user.click(form.getByRole('button', { name: 'Offer the contract' }));
    expect(await form.findByTestId('offer-contract-error')).toHaveTextContent(
      'The rate is above your own rate for this kind of contract.',
    );
    expect(form.queryByText(/Offer sent/)).toBeNull();
  });
});
