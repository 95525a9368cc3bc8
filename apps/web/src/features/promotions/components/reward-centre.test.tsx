// Proves the reward centre as a member reads it: their bonuses, then each application with its
// status, what they wrote, the reward an approval paid, the operator's note and its dates in the
// merchant's zone; no applications pointing to the promotions; a retry after a failed read.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { applicationFixture, bonusGrantFixture, merchantFixture } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { inTurn, refusal, serveApi } from '@/test/serve-api';
import { RewardCentre } from './reward-centre';

const BONUSES = '/wps/member/bonuses';
const APPLICATIONS = '/wps/member/promotions/applications';
const AVAILABLE = '/wps/member/promotions/available';
const NOTHING_TO_CLAIM = { availablePromoCount: 0, availablePromo: [] };

const rewardCentre = () =>
  renderWithProviders(
    <MemoryRouter>
      <RewardCentre token="session-token" timeZone="Asia/Bangkok" currency={merchantFixture} />
    </MemoryRouter>,
  );

describe('RewardCentre', () => {
  it('lists what can be claimed now first, each leading to the promotions centre', async () => {
    serveApi({
      [AVAILABLE]: { availablePromoCount: 1, availablePromo: [{ id: 9, title: 'Daily check-in' }] },
      [BONUSES]: { lockedMinor: '0', list: [] },
      [APPLICATIONS]: { list: [] },
    });
    rewardCentre();
    const ready = await screen.findByRole('region', { name: 'Ready to claim' });
    expect(within(ready).getByRole('heading', { level: 3 })).toHaveTextContent('Daily check-in');
    expect(within(ready).getByRole('link', { name: 'See and claim' })).toHaveAttribute(
      'href',
      '/promotions',
    );
  });

  it('lists the bonuses, then each application with its status and review', async () => {
    serveApi({
      [AVAILABLE]: NOTHING_TO_CLAIM,
      [BONUSES]: { lockedMinor: '30000', list: [bonusGrantFixture()] },
      [APPLICATIONS]: {
        list: [
          applicationFixture(),
          applicationFixture({
            id: 2,
            title: 'Big win bonus',
            status: 'issued',
            imageCount: 1,
            rewardMinor: '8800',
            reviewNote: 'Congratulations!',
            reviewedAt: '2026-03-03T12:30:00.000Z',
          }),
          applicationFixture({
            id: 1,
            title: 'Weekend story',
            comment: '',
            imageCount: 0,
            status: 'rejected',
            reviewNote: 'The screenshot does not show the win.',
            reviewedAt: '2026-03-01T17:00:00.000Z',
          }),
        ],
      },
    });
    rewardCentre();
    expect(await screen.findByRole('heading', { level: 2, name: 'My bonuses' })).toBeVisible();
    expect(await screen.findByTestId('bonus-grant-7')).toHaveTextContent('Welcome bonus');
    expect(screen.getByRole('heading', { level: 2, name: 'My applications' })).toBeVisible();

    const waiting = await screen.findByTestId('application-3');
    expect(waiting).toHaveAttribute('data-status', 'applying');
    expect(within(waiting).getByRole('heading', { name: 'Share your win' })).toBeInTheDocument();
    expect(within(waiting).getByTestId('application-status-3')).toHaveTextContent('Applying');
    expect(waiting).toHaveTextContent('Applied 2026/03/02 10:00');
    expect(waiting).toHaveTextContent('Won big on the house slot.');
    expect(waiting).toHaveTextContent('2 images attached');
    expect(within(waiting).queryByTestId('application-reward')).toBeNull();

    const issued = screen.getByTestId('application-2');
    expect(issued).toHaveAttribute('data-status', 'issued');
    expect(within(issued).getByTestId('application-status-2')).toHaveTextContent('Issued');
    expect(within(issued).getByTestId('application-reward')).toHaveTextContent('฿ 88.00');
    expect(issued).toHaveTextContent('Note from the operatorsCongratulations!');
    expect(issued).toHaveTextContent('Reviewed 2026/03/03 19:30');
    expect(issued).toHaveTextContent('1 image attached');

    const rejected = screen.getByTestId('application-1');
    expect(rejected).toHaveAttribute('data-status', 'rejected');
    expect(within(rejected).getByTestId('application-status-1')).toHaveTextContent('Rejected');
    expect(rejected).toHaveTextContent('The screenshot does not show the win.');
    expect(rejected).toHaveTextContent('Reviewed 2026/03/02 00:00');
    expect(within(rejected).queryByTestId('application-reward')).toBeNull();
  });

  it('points a member without applications to the promotions', async () => {
    serveApi({
      [AVAILABLE]: NOTHING_TO_CLAIM,
      [BONUSES]: { lockedMinor: '0', list: [] },
      [APPLICATIONS]: { list: [] },
    });
    rewardCentre();
    const applications = await screen.findByTestId('my-applications');
    expect(
      await within(applications).findByText(
        'No applications yet. Apply to a promotion that asks for one.',
      ),
    ).toBeInTheDocument();
    expect(within(applications).getByRole('link', { name: 'See promotions' })).toHaveAttribute(
      'href',
      '/promotions',
    );
  });

  it('offers a retry when the applications cannot be read', async () => {
    serveApi({
      [AVAILABLE]: NOTHING_TO_CLAIM,
      [BONUSES]: { lockedMinor: '0', list: [] },
      [APPLICATIONS]: inTurn(refusal(500, 'INTERNAL_ERROR'), { list: [applicationFixture()] }),
    });
    rewardCentre();
    const failure = await screen.findByTestId('my-applications-error');
    expect(failure).toHaveTextContent('System error, please try again later.');
    await userEvent.click(within(failure).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('application-3')).toBeInTheDocument();
  });
});
