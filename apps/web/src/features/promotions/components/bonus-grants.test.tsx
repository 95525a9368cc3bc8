// Proves My bonuses as a member reads it: the total still locked, each bonus with its wagering
// as a progress bar, what is left to wager, its expiry in the merchant's zone, the games that
// count and its status (a forfeited one with why); a period reward without a deposit line, paid
// at once when it asked no wagering; an empty list pointing to the promotions, a retry after a
// failed read, and a fresh read each time the list is shown.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { askedRequests } from '@/test/api-server';
import { bonusGrantFixture, merchantFixture } from '@/test/fixtures';
import { createTestQueryClient, renderWithProviders } from '@/test/render';
import { inTurn, refusal, serveApi } from '@/test/serve-api';
import { BonusGrants } from './bonus-grants';

const BONUSES = '/wps/member/bonuses';

const myBonuses = (queryClient = createTestQueryClient()) =>
  renderWithProviders(
    <MemoryRouter>
      <BonusGrants token="session-token" timeZone="Asia/Bangkok" currency={merchantFixture} />
    </MemoryRouter>,
    { queryClient },
  );

const grantNamed = async (title: string) =>
  (await screen.findByRole('heading', { level: 3, name: title })).closest('article')!;

describe('BonusGrants', () => {
  it('shows the locked total and each bonus with its wagering, expiry and status', async () => {
    serveApi({
      [BONUSES]: {
        lockedMinor: '30000',
        list: [
          bonusGrantFixture(),
          bonusGrantFixture({
            id: 6,
            title: 'Reload bonus',
            bonusMinor: '10000',
            wageringRequiredMinor: '100000',
            wageredMinor: '100000',
            remainingMinor: '0',
            contributionPercent: { RNG: 100 },
            status: 'released',
            settledAt: '2026-03-05T12:30:00.000Z',
          }),
          bonusGrantFixture({
            id: 5,
            title: 'Weekend bonus',
            status: 'forfeited',
            forfeitReason: 'expired',
            contributionPercent: {},
            settledAt: '2026-02-28T17:00:00.000Z',
          }),
        ],
      },
    });
    myBonuses();
    expect(await screen.findByRole('heading', { level: 2, name: 'My bonuses' })).toBeVisible();
    expect(await screen.findByTestId('bonus-locked-total')).toHaveTextContent('฿ 300.00');

    const open = await grantNamed('Welcome bonus');
    expect(within(open).getByText('Active')).toBeInTheDocument();
    expect(open).toHaveTextContent('On a deposit of ฿ 300.00 · claimed 2026/03/02 10:00');
    expect(open).toHaveTextContent('Locked฿ 300.00');
    expect(open).toHaveTextContent('Left to wager฿ 4,500.00');
    expect(open).toHaveTextContent('Expires2026/04/01 10:00');
    const progress = within(open).getByRole('progressbar', { name: 'Wagering progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '25');
    expect(progress).toHaveAttribute('aria-valuemax', '100');
    expect(progress).toHaveAttribute('aria-valuetext', '฿ 1,500.00 of ฿ 6,000.00 wagered (25%)');
    expect(open).toHaveTextContent('฿ 1,500.00 / ฿ 6,000.00');
    expect(
      within(open)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Slots 100%', 'Live casino 10%']);

    const released = await grantNamed('Reload bonus');
    expect(within(released).getByText('Released')).toBeInTheDocument();
    expect(released).toHaveTextContent('Released to your wallet฿ 100.00');
    expect(released).toHaveTextContent('Left to wager฿ 0.00');
    expect(released).toHaveTextContent('Released on2026/03/05 19:30');
    expect(within(released).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');

    const forfeited = await grantNamed('Weekend bonus');
    expect(within(forfeited).getByText('Forfeited: time ran out')).toBeInTheDocument();
    expect(forfeited).toHaveTextContent('Forfeited on2026/03/01 00:00');
    expect(forfeited).toHaveTextContent('No game counts toward the wagering.');
  });

  it('shows a period reward without a deposit, paid at once when it asked no wagering', async () => {
    const reward = { depositMinor: '0', bonusMinor: '5000', contributionPercent: { RNG: 100 } };
    serveApi({
      [BONUSES]: {
        lockedMinor: '5000',
        list: [
          bonusGrantFixture({
            ...reward,
            id: 8,
            title: 'Daily bonus',
            wageringRequiredMinor: '10000',
            wageredMinor: '2500',
            remainingMinor: '7500',
          }),
          bonusGrantFixture({
            ...reward,
            id: 9,
            title: 'Daily rebate',
            wageringRequiredMinor: '0',
            wageredMinor: '0',
            remainingMinor: '0',
            status: 'released',
            settledAt: '2026-03-02T03:00:00.000Z',
          }),
        ],
      },
    });
    myBonuses();

    const wagering = await grantNamed('Daily bonus');
    expect(wagering).toHaveTextContent('Claimed 2026/03/02 10:00');
    expect(wagering).not.toHaveTextContent('On a deposit of');
    expect(wagering).toHaveTextContent('Locked฿ 50.00');
    expect(within(wagering).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');

    const paid = await grantNamed('Daily rebate');
    expect(within(paid).getByText('Paid')).toBeInTheDocument();
    expect(paid).toHaveTextContent('Claimed 2026/03/02 10:00');
    expect(paid).not.toHaveTextContent('On a deposit of');
    expect(paid).toHaveTextContent('Paid to your wallet฿ 50.00');
    expect(paid).toHaveTextContent('Paid on2026/03/02 10:00');
    expect(paid).toHaveTextContent('No wagering: paid straight to your main wallet.');
    expect(paid).not.toHaveTextContent('Left to wager');
    expect(within(paid).queryByRole('progressbar')).toBeNull();
  });

  it('points a member without bonuses to the promotions', async () => {
    serveApi({ [BONUSES]: { lockedMinor: '0', list: [] } });
    myBonuses();
    expect(
      await screen.findByText('No bonuses yet. Claim one in the promotions centre.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See promotions' })).toHaveAttribute(
      'href',
      '/promotions',
    );
    expect(screen.queryByTestId('bonus-locked-total')).toBeNull();
  });

  it('offers a retry when the bonuses cannot be read', async () => {
    serveApi({
      [BONUSES]: inTurn(refusal(500, 'INTERNAL_ERROR'), {
        lockedMinor: '30000',
        list: [bonusGrantFixture()],
      }),
    });
    myBonuses();
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('System error, please try again later.');
    await userEvent.click(within(failure).getByRole('button', { name: 'Try again' }));
    expect(await grantNamed('Welcome bonus')).toBeInTheDocument();
  });

  it('reads the bonuses again each time they are shown', async () => {
    serveApi({
      [BONUSES]: inTurn(
        { lockedMinor: '30000', list: [bonusGrantFixture()] },
        { lockedMinor: '30000', list: [bonusGrantFixture({ wageredMinor: '300000' })] },
      ),
    });
    const queryClient = createTestQueryClient();
    const first = myBonuses(queryClient);
    expect(within(await grantNamed('Welcome bonus')).getByRole('progressbar')).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    first.unmount();
    myBonuses(queryClient);
    const progress = within(await grantNamed('Welcome bonus')).getByRole('progressbar');
    await expect.poll(() => progress.getAttribute('aria-valuenow')).toBe('50');
    expect(askedRequests(BONUSES)).toHaveLength(2);
  });
});
