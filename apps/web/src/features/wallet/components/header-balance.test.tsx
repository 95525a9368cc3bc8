// The header balance as a member sees it: the amount with the currency symbol and 2 decimals,
// hidden by the eye toggle (and still hidden after a reload), refreshed by the refresh button,
// and a dash rather than a made-up figure when the wallet cannot be read.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { askedRequests } from '@/test/api-server';
import { renderWithProviders } from '@/test/render';
import { inTurn, serveApi } from '@/test/serve-api';
import { HeaderBalance } from './header-balance';

const balanceOf = (balanceMinor: string) => ({
  currency: 'THB',
  currencySymbol: '฿',
  currencyDecimals: 2,
  balanceMinor,
  vendorWallets: [],
});

const BALANCE = '/wps/v2/wallets/balance';

beforeEach(() => localStorage.clear());

describe('HeaderBalance', () => {
  it('shows the balance with its symbol and 2 decimals, and refreshes it', async () => {
    serveApi({ [BALANCE]: inTurn(balanceOf('123456789'), balanceOf('5')) });
    renderWithProviders(<HeaderBalance token="t0k3n" />);
    const amount = screen.getByTestId('header-balance-amount');
    await waitFor(() => expect(amount).toHaveTextContent('฿ 1,234,567.89'));
    await userEvent.setup().click(screen.getByTestId('header-balance-refresh'));
    await waitFor(() => expect(amount).toHaveTextContent('฿ 0.05'));
    expect(askedRequests()).toHaveLength(2);
  });

  it('hides the amount with the eye toggle and remembers the choice', async () => {
    serveApi({ [BALANCE]: balanceOf('100000') });
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<HeaderBalance token="t0k3n" />);
    await waitFor(() =>
      expect(screen.getByTestId('header-balance-amount')).toHaveTextContent('฿ 1,000.00'),
    );
    const toggle = screen.getByTestId('header-balance-toggle');
    expect(toggle).toHaveAccessibleName('Hide balance');
    await user.click(toggle);
    expect(screen.getByTestId('header-balance-amount')).not.toHaveTextContent('1,000.00');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    unmount();
    renderWithProviders(<HeaderBalance token="t0k3n" />);
    await waitFor(() =>
      expect(screen.getByTestId('header-balance-toggle')).toHaveAccessibleName('Show balance'),
    );
    expect(screen.getByTestId('header-balance-amount')).not.toHaveTextContent('1,000.00');
  });

  it("names a trial member's balance play money", async () => {
    serveApi({ [BALANCE]: balanceOf('200000') });
    renderWithProviders(<HeaderBalance token="t0k3n" playMoney />);
    await waitFor(() =>
      expect(screen.getByTestId('header-balance-amount')).toHaveTextContent('฿ 2,000.00'),
    );
    expect(screen.getByTestId('header-balance-label')).toHaveTextContent('Play money');
  });

  it('shows a dash, not a figure, when the wallet cannot be read', async () => {
    serveApi({});
    renderWithProviders(<HeaderBalance token="t0k3n" />);
    await waitFor(() => expect(screen.getByTestId('header-balance-amount')).toHaveTextContent('—'));
  });
});
