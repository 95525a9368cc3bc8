// The team reports as served: team betting by category and by vendor with the totals row, user
// loss with each member's level, valid bet and loss, and team transactions with signed amounts,
// asked again for the type the agent picks.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { askedQueries } from '@/test/api-server';
import { keysetPageFixture } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { serveApi } from '@/test/serve-api';
import { TeamBetting } from './team-betting';
import { TeamTransactions } from './team-transactions';
import { UserLoss } from './user-loss';

const CURRENCY = { currency: 'THB', currencySymbol: '฿', currencyDecimals: 2 };
const totals = (rounds: number, bet: string, valid: string, win: string, profit: string) => ({
  rounds,
  betMinor: bet,
  validBetMinor: valid,
  winMinor: win,
  profitMinor: profit,
});

describe('team reports', () => {
  it('shows team betting by category and by vendor with the totals', async () => {
    serveApi({
      '/wps/agent/team/betting': {
        ...CURRENCY,
        from: '2026-11-22',
        to: '2026-11-28',
        categories: [{ gameType: 'RNG', ...totals(12, '60000', '58000', '50000', '10000') }],
        vendors: [
          {
            vendorCode: 'house',
            vendorName: 'Lanna Games',
            ...totals(12, '60000', '58000', '50000', '10000'),
          },
        ],
        totals: totals(12, '60000', '58000', '50000', '10000'),
      },
    });
    renderWithProviders(<TeamBetting token="t0k3n" timeZone="Asia/Bangkok" />);
    const categories = within(await screen.findByTestId('team-betting-categories'));
    expect(categories.getAllByRole('row')[1]).toHaveTextContent(
      '12฿ 600.00฿ 580.00฿ 500.00฿ 100.00',
    );
    expect(screen.getByTestId('team-betting-category-totals')).toHaveTextContent('Total12');
    const vendors = within(screen.getByTestId('team-betting-vendors'));
    expect(vendors.getByText('Lanna Games')).toBeInTheDocument();
    expect(screen.queryByText('Next 7 days')).toBeNull();
  });

  it('lists the members who lost, most first, with level and valid bet', async () => {
    serveApi({
      '/wps/agent/team/players': {
        ...CURRENCY,
        from: '2026-11-22',
        to: '2026-11-28',
        list: [{ account: 'player9', level: 2, ...totals(5, '30000', '30000', '10000', '-20000') }],
        pageNo: 1,
        pageSize: 20,
        total: 1,
        totalPages: 1,
        totalCapped: false,
      },
    });
    renderWithProviders(<UserLoss token="t0k3n" timeZone="Asia/Bangkok" />);
    const row = within(await screen.findByTestId('user-loss-row'));
    expect(row.getByText('player9')).toBeInTheDocument();
    expect(row.getByText('Level 2')).toBeInTheDocument();
    expect(row.getByText('฿ 300.00')).toBeInTheDocument();
    expect(row.getByText('฿ 200.00')).toBeInTheDocument();
    expect(askedQueries('/wps/agent/team/players')[0]?.get('order')).toBe('loss');
  });

  it('shows team transactions with signed amounts and filters by type', async () => {
    serveApi({
      '/wps/agent/team/transactions': {
        ...keysetPageFixture([
          {
            id: 't1',
            account: 'player9',
            type: 'deposit',
            amountMinor: '50000',
            at: '2026-11-27T05:00:00.000Z',
          },
          {
            id: 't2',
            account: 'player8',
            type: 'withdrawal',
            amountMinor: '-20000',
            at: '2026-11-27T04:00:00.000Z',
          },
        ]),
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<TeamTransactions token="t0k3n" timeZone="Asia/Bangkok" />);
    const rows = await screen.findAllByTestId('team-transactions-row');
    expect(rows[0]).toHaveTextContent('+฿ 500.00');
    expect(rows[1]).toHaveTextContent('-฿ 200.00');
    await user.selectOptions(screen.getByLabelText('Type'), 'Withdrawal');
    await waitFor(() =>
      expect(askedQueries('/wps/agent/team/transactions').at(-1)?.get('type')).toBe('withdrawal'),
    );
    expect(askedQueries('/wps/agent/team/transactions').at(-1)?.get('pageNo')).toBe('1');
  });
});
