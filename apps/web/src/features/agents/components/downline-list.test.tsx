// Downline management as an agent uses it: each downline with its kind, level, upline, status,
// activity, balance, dates and team size; the search and the level, status, activity and kind
// filters each ask the server again from the first page; the next page is asked by the cursor
// the current one handed out; an empty team says 'No data'; a row's transfer names its account;
// a row shows the contracts given to it and where a freeze stands, and offers a freeze request
// only while none waits and the downline is not frozen.
import type { Downline, DownlinePage } from '@lanna/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { askedQueries } from '@/test/api-server';
import { renderWithProviders } from '@/test/render';
import { serveApi } from '@/test/serve-api';
import { DownlineList } from './downline-list';

const PATH = '/wps/agent/downlines';
const NOW = '2026-03-03T03:00:00.000Z';

const downline = (id: number, overrides: Partial<Downline> = {}): Downline => ({
  id,
  account: `player${id}`,
  nickname: `Player ${id}`,
  isAgent: false,
  level: 1,
  upline: 'demo_agent',
  status: 'active',
  active: true,
  balanceMinor: '100000',
  registeredAt: '2026-03-01T03:00:00.000Z',
  lastLoginAt: '2026-03-02T13:30:00.000Z',
  teamSize: 0,
  frozen: false,
  freezeRequest: null,
  contracts: [],
  ...overrides,
});

const pageOf = (list: Downline[], overrides: Partial<DownlinePage> = {}): DownlinePage => ({
  currency: 'THB',
  currencySymbol: '฿',
  currencyDecimals: 2,
  list,
  pageNo: 1,
  pageSize: 20,
  total: list.length,
  totalPages: list.length > 0 ? 1 : 0,
  totalCapped: false,
  nextCursor: null,
  prevCursor: null,
  ...overrides,
});

const FIRST = pageOf(
  [
    downline(7, {
      account: 'sub_agent7',
      nickname: 'Seven',
      isAgent: true,
      teamSize: 12,
      balanceMinor: '1234550',
    }),
    downline(6, {
      level: 2,
      upline: 'sub_agent7',
      status: 'disabled',
      active: false,
      lastLoginAt: null,
    }),
  ],
  { total: 45, totalPages: 3, nextCursor: 'a.1772334000000000.6' },
);

const renderList = (onTransfer = vi.fn(), onRequestFreeze = vi.fn()) => {
  renderWithProviders(
    <DownlineList
      token="t0k3n"
      timeZone="Asia/Bangkok"
      onTransfer={onTransfer}
      onRequestFreeze={onRequestFreeze}
    />,
  );
  return { user: userEvent.setup(), onTransfer, onRequestFreeze };
};

const lastQuery = () => askedQueries(PATH).at(-1);

describe('DownlineList', () => {
  it('shows each downline with its kind, place in the team, state and money', async () => {
    serveApi({ [PATH]: FIRST });
    renderList();
    const rows = await screen.findAllByTestId('downlines-row');
    expect(rows).toHaveLength(2);
    const agent = within(rows[0]!);
    expect(agent.getByText('sub_agent7')).toBeInTheDocument();
    expect(agent.getByText('Agent')).toBeInTheDocument();
    expect(agent.getByText('Seven')).toBeInTheDocument();
    expect(agent.getByText('฿ 12,345.50')).toBeInTheDocument();
    expect(agent.getByText('2026/03/01 10:00')).toBeInTheDocument();
    expect(agent.getByText('2026/03/02 20:30')).toBeInTheDocument();
    expect(agent.getByText('12')).toBeInTheDocument();
    const member = within(rows[1]!);
    expect(member.getByText('Member')).toBeInTheDocument();
    expect(member.getByText('sub_agent7')).toBeInTheDocument();
    expect(member.getByText('Disabled')).toBeInTheDocument();
    expect(member.getByText('Inactive')).toBeInTheDocument();
    expect(member.getByText('Never')).toBeInTheDocument();
  });

  it('asks again with each filter, from the first page', async () => {
    serveApi({ [PATH]: FIRST });
    const { user } = renderList();
    await screen.findAllByTestId('downlines-row');
    expect(lastQuery()?.toString()).toBe('pageNo=1&pageSize=20');

    await user.selectOptions(screen.getByLabelText('Level'), 'Level 2');
    await user.selectOptions(screen.getByLabelText('Status'), 'Disabled');
    await user.selectOptions(screen.getByLabelText('Activity'), 'Inactive');
    await user.selectOptions(screen.getByLabelText('Type'), 'Agent');
    await user.type(screen.getByRole('searchbox', { name: 'Search the team' }), ' seven {Enter}');
    await waitFor(() => expect(lastQuery()?.get('search')).toBe('seven'));
    expect(Object.fromEntries(lastQuery()!)).toEqual({
      search: 'seven',
      level: '2',
      status: 'disabled',
      activity: 'inactive',
      kind: 'agent',
      pageNo: '1',
      pageSize: '20',
    });
  });

  it('asks for the next page by the cursor the page handed out', async () => {
    serveApi({
      [PATH]: ({ request }) =>
        new URL(request.url).searchParams.get('cursor')
          ? pageOf([downline(5)], {
              pageNo: 2,
              total: 45,
              totalPages: 3,
              nextCursor: 'a.1772330000000000.5',
              prevCursor: 'b.1772330000000000.5',
            })
          : FIRST,
    });
    const { user } = renderList();
    await screen.findAllByTestId('downlines-row');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('player5')).toBeInTheDocument();
    expect(lastQuery()?.get('cursor')).toBe('a.1772334000000000.6');
    expect(lastQuery()?.get('pageNo')).toBe('2');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it("says 'No data' for an empty team", async () => {
    serveApi({ [PATH]: pageOf([]) });
    renderList();
    expect(await screen.findByText('No data')).toBeInTheDocument();
  });

  it("hands the row's downline to the transfer", async () => {
    serveApi({ [PATH]: FIRST });
    const { user, onTransfer } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Transfer to sub_agent7' }));
    expect(onTransfer).toHaveBeenCalledWith(expect.objectContaining({ account: 'sub_agent7' }));
  });

  it('shows the contracts given, a frozen downline and a waiting freeze request', async () => {
    serveApi({
      [PATH]: pageOf([
        downline(9, {
          account: 'sub9',
          isAgent: true,
          contracts: [
            { kind: 'daily_salary', topRateBp: 120 },
            { kind: 'realtime_salary', topRateBp: 80 },
          ],
        }),
        downline(8, { frozen: true, freezeRequest: { status: 'approved', requestedAt: NOW } }),
        downline(7, { freezeRequest: { status: 'pending', requestedAt: NOW } }),
        downline(6, { freezeRequest: { status: 'rejected', requestedAt: NOW } }),
      ]),
    });
    const { user, onRequestFreeze } = renderList();
    const rows = await screen.findAllByTestId('downlines-row');
    expect(within(rows[0]!).getByTestId('downlines-contracts')).toHaveTextContent(
      'Daily salary 1.2%, Real-time salary 0.8%',
    );
    expect(within(rows[1]!).getByTestId('downlines-contracts')).toHaveTextContent('-');
    expect(within(rows[1]!).getByTestId('downlines-freeze-note')).toHaveTextContent('Frozen');
    expect(within(rows[1]!).queryByRole('button', { name: /Request a freeze/ })).toBeNull();
    expect(within(rows[2]!).getByTestId('downlines-freeze-note')).toHaveTextContent(
      'Freeze requested',
    );
    expect(
      within(rows[2]!).getByRole('button', { name: 'Request a freeze of player7' }),
    ).toBeDisabled();
    expect(within(rows[3]!).getByTestId('downlines-freeze-note')).toHaveTextContent(
      'Freeze refused',
    );
    expect(within(rows[0]!).queryByTestId('downlines-freeze-note')).toBeNull();
    await user.click(within(rows[3]!).getByRole('button', { name: 'Request a freeze of player6' }));
    expect(onRequestFreeze).toHaveBeenCalledWith(expect.objectContaining({ account: 'player6' }));
  });
});
