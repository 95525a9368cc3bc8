// Proves the mission activity as a member reads it: the missions by period with each task in
// words, the progress out of the target (read out by its bar), the reward and when a daily or
// weekly one starts again in the merchant's zone; a claim that asks the server once, shows where
// the money went and then the mission claimed (with the menu's badge gone); a refusal's reason;
// the skeleton, the empty list and a retry after a failed read.
import type { Mission } from '@lanna/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { askedRequests } from '@/test/api-server';
import { bonusGrantFixture, merchantFixture } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { inTurn, refusal, serveApi } from '@/test/serve-api';
import { MissionActivity } from './mission-activity';
import { MissionBadge } from './mission-badge';

const MISSIONS = 'GET /wps/member/missions';
const CLAIM = 'POST /wps/member/promotions/:id/claim';

/** A daily mission: deposit 1,000.00 today for 10.00 paid at once; 300.00 deposited so far. */
const mission = (
  overrides: Partial<Mission> = {},
  rule: Partial<Mission['rule']> = {},
): Mission => ({
  id: 21,
  title: 'Daily deposit',
  summary: 'Deposit today, get a little extra.',
  rule: {
    period: 'day',
    task: 'deposit',
    target: '100000',
    categories: [],
    rewardMinor: '1000',
    wageringMultiplier: 0,
    validDays: 7,
    contributionPercent: { RNG: 100 },
    maxBetMinor: null,
    forfeitOnWithdrawal: false,
    budgetTotalMinor: null,
    budgetReceivers: null,
    ...rule,
  },
  progress: '30000',
  // 17:00 UTC is midnight of the next day in Bangkok (GMT+7).
  periodEndsAt: '2026-03-02T17:00:00.000Z',
  status: 'join',
  ...overrides,
});

const listOf = (...list: Mission[]) => ({
  list,
  claimableCount: list.filter(({ status }) => status === 'claim').length,
});

/** A daily sign-in mission whose target is reached: 5.00 to claim. */
const signIn = (status: 'claim' | 'claimed') =>
  mission(
    { id: 22, title: 'Daily check-in', summary: '', progress: '1', status },
    { task: 'login', target: '1', rewardMinor: '500' },
  );

const missionActivity = () =>
  renderWithProviders(
    <MemoryRouter>
      <MissionBadge token="session-token" testId="missions-badge" />
      <MissionActivity token="session-token" timeZone="Asia/Bangkok" currency={merchantFixture} />
    </MemoryRouter>,
  );

describe('MissionActivity', () => {
  it('lists the missions by period with their task, progress and reward', async () => {
    serveApi({
      [MISSIONS]: listOf(
        mission({}, { wageringMultiplier: 5 }),
        mission(
          {
            id: 31,
            title: 'Weekly winner',
            progress: '2',
            periodEndsAt: '2026-03-08T17:00:00.000Z',
          },
          { period: 'week', task: 'wins', target: '5', categories: ['RNG', 'FISH'] },
        ),
        mission(
          { id: 41, title: 'Bring a friend', progress: '0', periodEndsAt: null },
          { period: 'once', task: 'invite', target: '1', rewardMinor: '5000' },
        ),
        mission(
          { id: 42, title: 'Big bettor', progress: '0', periodEndsAt: null, status: 'coming_soon' },
          { period: 'once', task: 'valid_bet', target: '500000', categories: ['LIVE'] },
        ),
      ),
    });
    missionActivity();

    const daily = await screen.findByRole('region', { name: 'Daily' });
    const deposit = within(daily).getByRole('article', { name: 'Daily deposit' });
    expect(deposit).toHaveTextContent('Deposit today, get a little extra.');
    expect(deposit).toHaveTextContent('Deposit ฿ 1,000.00');
    expect(deposit).toHaveTextContent('Reward ฿ 10.00 · wager 5×');
    expect(deposit).toHaveTextContent('฿ 300.00 of ฿ 1,000.00');
    const bar = within(deposit).getByRole('progressbar', { name: 'Progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '30');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(bar).toHaveAttribute('aria-valuetext', '฿ 300.00 of ฿ 1,000.00');
    expect(deposit).toHaveTextContent('Starts again at 2026/03/03 00:00');
    expect(within(deposit).queryByRole('button')).toBeNull();

    const weekly = screen.getByRole('region', { name: 'Weekly' });
    const wins = within(weekly).getByRole('article', { name: 'Weekly winner' });
    expect(wins).toHaveTextContent('Win 5 rounds on Slots, Fishing');
    expect(wins).toHaveTextContent('Reward ฿ 10.00');
    expect(wins).not.toHaveTextContent('wager');
    expect(within(wins).getByRole('progressbar')).toHaveAttribute('aria-valuetext', '2 of 5');
    expect(wins).toHaveTextContent('Starts again at 2026/03/09 00:00');

    const once = screen.getByRole('region', { name: 'One-time' });
    const invite = within(once).getByRole('article', { name: 'Bring a friend' });
    expect(invite).toHaveTextContent('Invite 1 friend');
    expect(invite).toHaveTextContent('Reward ฿ 50.00');
    expect(invite).toHaveTextContent('0 of 1');
    expect(invite).not.toHaveTextContent('Starts again');
    const soon = within(once).getByRole('article', { name: 'Big bettor' });
    expect(soon).toHaveTextContent('Bet ฿ 5,000.00 on Live casino');
    expect(soon).toHaveTextContent('Coming soon');
    expect(within(soon).queryByRole('button')).toBeNull();

    expect(screen.queryByTestId('missions-badge')).toBeNull();
  });

  it('claims a mission, shows the reward paid, then reads it claimed with the badge gone', async () => {
    let answerClaim: () => void = () => undefined;
    serveApi({
      [CLAIM]: () =>
        new Promise((resolve) => {
          answerClaim = () =>
            resolve(
              bonusGrantFixture({
                promotionId: 22,
                title: 'Daily check-in',
                bonusMinor: '500',
                depositMinor: '0',
                wageringRequiredMinor: '0',
                wageredMinor: '0',
                remainingMinor: '0',
                status: 'released',
                settledAt: '2026-03-02T03:00:00.000Z',
              }),
            );
        }),
      [MISSIONS]: inTurn(listOf(signIn('claim')), listOf(signIn('claimed'))),
    });
    missionActivity();
    const shown = await screen.findByRole('article', { name: 'Daily check-in' });
    expect(shown).toHaveTextContent('Sign in 1 time');
    expect(screen.getByTestId('missions-badge')).toHaveTextContent('1');
    expect(screen.getByText('1 mission to claim')).toHaveClass('visually-hidden');

    await userEvent.click(within(shown).getByRole('button', { name: 'Claim' }));
    const busy = await within(shown).findByRole('button', { name: 'Claiming…' });
    expect(busy).toBeDisabled();
    answerClaim();

    expect(await within(shown).findByRole('status')).toHaveTextContent(
      '฿ 5.00 added to your balance.',
    );
    expect(await within(shown).findByText('Claimed')).toBeInTheDocument();
    expect(within(shown).queryByRole('button')).toBeNull();
    expect(shown).toHaveTextContent('Starts again at 2026/03/03 00:00');
    expect(askedRequests('/wps/member/promotions/22/claim').map(({ method }) => method)).toEqual([
      'POST',
    ]);
    expect(screen.queryByTestId('missions-badge')).toBeNull();
  });

  it('says to finish the task when the claim finds the target not reached', async () => {
    serveApi({
      [CLAIM]: refusal(409, 'BONUS_NOT_ELIGIBLE'),
      [MISSIONS]: listOf(signIn('claim')),
    });
    missionActivity();
    const shown = await screen.findByRole('article', { name: 'Daily check-in' });
    await userEvent.click(within(shown).getByRole('button', { name: 'Claim' }));
    expect(await within(shown).findByRole('alert')).toHaveTextContent('Finish the task first.');
    expect(within(shown).getByRole('button', { name: 'Claim' })).toBeEnabled();
  });

  it("says why another refusal stopped the claim, in the error's own words", async () => {
    serveApi({
      [CLAIM]: refusal(409, 'PROMOTION_BUDGET_SPENT'),
      [MISSIONS]: listOf(signIn('claim')),
    });
    missionActivity();
    const shown = await screen.findByRole('article', { name: 'Daily check-in' });
    await userEvent.click(within(shown).getByRole('button', { name: 'Claim' }));
    expect(await within(shown).findByRole('alert')).toHaveTextContent(
      'This promotion has given out all its rewards.',
    );
  });

  it('shows the loading cards until the list comes', async () => {
    serveApi({ [MISSIONS]: listOf(mission()) });
    missionActivity();
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Daily deposit' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading…' })).toBeNull();
  });

  it('says when there are no missions, pointing to the promotions', async () => {
    serveApi({ [MISSIONS]: listOf() });
    missionActivity();
    expect(
      await screen.findByText('No missions right now. Check back soon for new ones.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See promotions' })).toHaveAttribute(
      'href',
      '/promotions',
    );
  });

  it('offers a retry when the missions cannot be read', async () => {
    serveApi({ [MISSIONS]: inTurn(refusal(500, 'INTERNAL_ERROR'), listOf(mission())) });
    missionActivity();
    const failure = await screen.findByTestId('mission-activity-error');
    expect(failure).toHaveTextContent('System error, please try again later.');
    await userEvent.click(within(failure).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Daily deposit' })).toBeInTheDocument();
  });
});
