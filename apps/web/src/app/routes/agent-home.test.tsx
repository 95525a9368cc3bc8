// The agent centre as an agent meets it: the whole menu of spec section 2 in its order with the
// page shown marked, team overview by default, each entry its own address and page, the downline
// list's transfer opening the transfer form for that downline under one heading, and anyone who
// is not an agent sent to /agent.
import type { TeamOverview } from '@lanna/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { memberInfoFixture, permissionFixture, whitelabelFixture } from '@/test/fixtures';
import { TestProviders } from '@/test/render';
import { serveApi } from '@/test/serve-api';
import { buildRoutes } from '../router';
import { agentMenuEntries } from './agent-menu';

const MENU = [
  'Announcements',
  'Team overview',
  'Register center',
  'Downline management',
  'Team betting',
  'Team transactions',
  'User loss',
  'My income',
  'Account details',
  'Contracts',
  'Dividend record',
  'Daily wages',
  'Hourly salary',
  'Real-time salary',
  'Messages',
  'Customer service',
  'Deposit and withdraw',
];

const OVERVIEW: TeamOverview = {
  currency: 'THB',
  currencySymbol: '฿',
  currencyDecimals: 2,
  from: '2026-11-22',
  to: '2026-11-28',
  members: 3,
  directMembers: 2,
  newMembers: 1,
  activeMembers: 1,
  teamBalanceMinor: '250000',
  depositMinor: '100000',
  withdrawalMinor: '0',
  validBetMinor: '5000',
  profitMinor: '-1200',
};

const DOWNLINES = {
  currency: 'THB',
  currencySymbol: '฿',
  currencyDecimals: 2,
  list: [
    {
      id: 9,
      account: 'demo_member',
      nickname: 'Demo Member',
      isAgent: false,
      level: 1,
      upline: 'demo_agent',
      status: 'active',
      active: true,
      balanceMinor: '5000',
      registeredAt: '2026-03-01T03:00:00.000Z',
      lastLoginAt: null,
      teamSize: 0,
      frozen: false,
      freezeRequest: null,
      contracts: [],
    },
  ],
  pageNo: 1,
  pageSize: 20,
  total: 1,
  totalPages: 1,
  totalCapped: false,
  nextCursor: null,
  prevCursor: null,
};

const serveAs = (type: number) =>
  serveApi({
    '/wps/member/info': memberInfoFixture({ account: 'demo_agent', type, isAgent: type === 1 }),
    '/wps/agent/team/overview': OVERVIEW,
    '/wps/agent/downlines': DOWNLINES,
    '/wps/agent/contracts/requests': {
      divtypereq: 0,
      dailysalreqtype: 0,
      contracthoursalreq: 0,
      realtimesalreqtype: 0,
      requests: [],
    },
    '/wps/agent/contracts': { ...DOWNLINES, list: [] },
    '/wps/v2/wallets/balance': {
      currency: 'THB',
      currencySymbol: '฿',
      currencyDecimals: 2,
      balanceMinor: '100000',
      vendorWallets: [],
    },
  });

const renderAt = (path: string, permission = permissionFixture()) => {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(
    <TestProviders permission={permission}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { router, user: userEvent.setup() };
};

beforeEach(() => sessionStorage.setItem('token', 'session-token'));

describe('agent centre', () => {
  it('lists every entry in the spec order and opens on team overview', async () => {
    serveAs(1);
    renderAt('/agentHome');
    // The first test also loads the route's lazy chunks.
    const menu = await screen.findByRole(
      'navigation',
      { name: 'Agent center menu' },
      { timeout: 5000 },
    );
    const links = within(menu).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(MENU);
    expect(within(menu).getByRole('link', { current: 'page' })).toHaveTextContent('Team overview');
    expect(await screen.findByText('฿ 2,500.00')).toBeInTheDocument();
    expect(screen.getByTestId('page-agentHome')).toHaveTextContent('Signed in as demo_agent');
  });

  it('gives each entry its own address and marks the one shown', async () => {
    serveAs(1);
    const { router, user } = renderAt('/agentHome');
    const menu = await screen.findByRole('navigation', { name: 'Agent center menu' });
    await user.click(within(menu).getByRole('link', { name: 'Contracts' }));
    expect(router.state.location.search).toBe('?tab=contracts');
    expect(within(menu).getByRole('link', { current: 'page' })).toHaveTextContent('Contracts');
    expect(screen.getByRole('heading', { level: 1, name: 'Contracts' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'From my upline' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Offer a contract' })).toBeInTheDocument();
  });

  it('opens the transfer form for the downline a row names', async () => {
    serveAs(1);
    const { user } = renderAt('/agentHome?tab=downlines');
    await user.click(await screen.findByRole('button', { name: 'Transfer to demo_member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer to demo_member' });
    expect(within(dialog).getByLabelText(/Downline account/)).toHaveValue('demo_member');
    expect(within(dialog).getAllByRole('heading')).toHaveLength(1);
  });

  it('opens the freeze request form for the downline a row names', async () => {
    serveAs(1);
    const { user } = renderAt('/agentHome?tab=downlines');
    await user.click(
      await screen.findByRole('button', { name: 'Request a freeze of demo_member' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Request a freeze of demo_member' });
    expect(within(dialog).getByLabelText(/^Reason/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send the request' })).toBeInTheDocument();
  });

  it('shows the agents support hours on customer service', async () => {
    serveAs(1);
    renderAt('/agentHome?tab=customerService');
    expect(
      await screen.findByText('Agent support: Monday to Friday 12:00-21:00.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Support' })).toBeInTheDocument();
  });

  it('sends a member who is not an agent to /agent', async () => {
    serveAs(0);
    const { router } = renderAt('/agentHome');
    await waitFor(() => expect(router.state.location.pathname).toBe('/agent'));
  });

  it(
    "leaves out dividend record and daily wages when the merchant's flags turn them off",
    { timeout: 15_000 },
    async () => {
      serveAs(1);
      renderAt(
        '/agentHome?tab=dividendRecord',
        permissionFixture({
          whitelabel: whitelabelFixture(false, { dividends: false, salary: false }),
        }),
      );
      const menu = await screen.findByRole(
        'navigation',
        { name: 'Agent center menu' },
        { timeout: 5_000 },
      );
      const names = within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent);
      expect(names).toEqual(
        MENU.filter((name) => name !== 'Dividend record' && name !== 'Daily wages'),
      );
      // The switched-off page's address shows team overview instead.
      expect(within(menu).getByRole('link', { name: 'Team overview' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      expect(agentMenuEntries()).toHaveLength(17);
    },
  );
});
