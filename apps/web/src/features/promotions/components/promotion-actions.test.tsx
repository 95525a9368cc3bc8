// Proves what a signed-in member can do with a deposit bonus or a period reward in the
// promotions centre: its terms in one line on the card, a claim that asks the server and then
// shows where the money went (the bonus balance with the wagering to do, or the main wallet)
// and the activity claimed with a way to its bonus, a refused claim's reason in words, and the
// way to deposit first; a visitor is offered none of it.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { askedRequests } from '@/test/api-server';
import {
  bonusGrantFixture,
  bonusRuleFixture,
  merchantFixture,
  promotionFixture,
  rewardRuleFixture,
} from '@/test/fixtures';
import { createTestQueryClient, renderWithProviders } from '@/test/render';
import { inTurn, refusal, serveApi } from '@/test/serve-api';
import type { PromotionsViewer } from '../hooks/use-promotions';
import { PromotionsCentre } from './promotions-centre';

const PUBLIC = '/wps/promotions';
const MEMBER = '/wps/member/promotions';
const CLAIM = 'POST /wps/member/promotions/:id/claim';
const SIGNED_IN: PromotionsViewer = { token: 'session-token', pending: false };

const depositBonus = (status: 'claim' | 'claimed' | 'join') =>
  promotionFixture({ id: 5, bonusRule: bonusRuleFixture(), status });

const centre = (viewer: PromotionsViewer = SIGNED_IN, queryClient = createTestQueryClient()) =>
  renderWithProviders(
    <MemoryRouter initialEntries={['/promotions']}>
      <PromotionsCentre
        category="all"
        viewer={viewer}
        timeZone="Asia/Bangkok"
        currency={merchantFixture}
      />
    </MemoryRouter>,
    { queryClient },
  );

const card = async (title = 'Welcome bonus') =>
  (await screen.findByRole('button', { name: title })).closest('article')!;

describe('deposit bonus actions', () => {
  it("shows a deposit bonus's terms in one line", async () => {
    serveApi({ [MEMBER]: { list: [depositBonus('join')] } });
    centre();
    expect(await card()).toHaveTextContent(
      '100% up to ฿ 5,000.00 · wager 10× bonus + deposit · 30 days',
    );
  });

  it('claims the bonus, then shows it paid and the activity claimed', async () => {
    serveApi({
      [CLAIM]: bonusGrantFixture({ promotionId: 5 }),
      [MEMBER]: inTurn({ list: [depositBonus('claim')] }, { list: [depositBonus('claimed')] }),
    });
    centre();
    const shown = await card();
    expect(shown).toHaveTextContent('Ready to claim');
    await userEvent.click(within(shown).getByRole('button', { name: 'Claim bonus' }));

    expect(await within(shown).findByRole('status')).toHaveTextContent(
      '฿ 300.00 added to your bonus balance. Wager ฿ 6,000.00 to release it.',
    );
    expect(askedRequests('/wps/member/promotions/5/claim').map(({ method }) => method)).toEqual([
      'POST',
    ]);
    expect(await within(shown).findByText('Claimed')).toBeInTheDocument();
    expect(within(shown).queryByRole('button', { name: 'Claim bonus' })).toBeNull();
    expect(within(shown).getByRole('link', { name: 'See my bonus' })).toHaveAttribute(
      'href',
      '/member?tab=bonusDetails',
    );
  });

  it('says why a claim was refused', async () => {
    serveApi({
      [CLAIM]: refusal(409, 'BONUS_NOT_ELIGIBLE'),
      [MEMBER]: { list: [depositBonus('claim')] },
    });
    centre();
    const shown = await card();
    await userEvent.click(within(shown).getByRole('button', { name: 'Claim bonus' }));
    expect(await within(shown).findByRole('alert')).toHaveTextContent(
      'Nothing to claim yet: first make a deposit that qualifies for this promotion.',
    );
    expect(within(shown).getByRole('button', { name: 'Claim bonus' })).toBeEnabled();
  });

  it('claims from the rules dialog too, which then shows the activity claimed', async () => {
    serveApi({
      [CLAIM]: bonusGrantFixture({ promotionId: 5 }),
      [MEMBER]: inTurn({ list: [depositBonus('claim')] }, { list: [depositBonus('claimed')] }),
    });
    centre();
    await userEvent.click(await screen.findByRole('button', { name: 'Welcome bonus' }));
    const dialog = await screen.findByRole('dialog', { name: 'Welcome bonus' });
    expect(dialog).toHaveTextContent('Minimum deposit฿ 100.00');
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Deposit', 'Newbie', 'Slots 100%', 'Live casino 10%']);
    expect(dialog).toHaveTextContent(
      'Asking for a withdrawal before the wagering is done forfeits the bonus.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Claim bonus' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      '฿ 300.00 added to your bonus balance.',
    );
    expect(await within(dialog).findByText('Claimed')).toBeInTheDocument();
  });

  it('sends a member without a qualifying deposit to deposit first', async () => {
    serveApi({ [MEMBER]: { list: [depositBonus('join')] } });
    centre();
    const shown = await card();
    expect(within(shown).getByRole('link', { name: 'Deposit to take part' })).toHaveAttribute(
      'href',
      '/member?tab=deposit',
    );
    expect(within(shown).queryByRole('button', { name: 'Claim bonus' })).toBeNull();
  });

  it('offers a visitor neither a claim nor a deposit link', async () => {
    serveApi({ [PUBLIC]: { list: [depositBonus('join')] } });
    centre({ token: null, pending: false });
    const shown = await card();
    expect(within(shown).queryByRole('link')).toBeNull();
    expect(
      within(shown)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Welcome bonus']);
  });
});

describe('period reward actions', () => {
  const BALANCE_KEY = ['member', 'wallet', 'balance', 'session-token'];
  const BONUSES_KEY = ['member', 'bonuses', 'session-token'];

  /** A daily loss rebate: 10% of yesterday's net loss back, up to 100.00. */
  const lossRebate = (status: 'claim' | 'claimed' | 'join', wageringMultiplier = 0) =>
    promotionFixture({
      id: 9,
      title: 'Daily rebate',
      kind: 'loss_rebate',
      categories: ['rebate', 'daily'],
      rewardRule: rewardRuleFixture({
        amount: { type: 'loss_percent', percent: 10, capMinor: '10000' },
        minDepositMinor: '0',
        wageringMultiplier,
      }),
      status,
    });
  const rebateGrant = (overrides: Parameters<typeof bonusGrantFixture>[0]) =>
    bonusGrantFixture({
      id: 11,
      promotionId: 9,
      title: 'Daily rebate',
      bonusMinor: '4500',
      depositMinor: '0',
      ...overrides,
    });

  it("shows a loss rebate's terms in one line", async () => {
    serveApi({ [MEMBER]: { list: [lossRebate('join', 2)] } });
    centre();
    expect(await card('Daily rebate')).toHaveTextContent(
      "10% of yesterday's net loss back, up to ฿ 100.00 · 2× wagering, 7 days",
    );
  });

  it('claims a rebate paid straight to the main balance, then reads the balance again', async () => {
    serveApi({
      [CLAIM]: rebateGrant({
        wageringRequiredMinor: '0',
        wageredMinor: '0',
        remainingMinor: '0',
        status: 'released',
        settledAt: '2026-03-02T03:00:00.000Z',
      }),
      [MEMBER]: inTurn({ list: [lossRebate('claim')] }, { list: [lossRebate('claimed')] }),
    });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(BALANCE_KEY, { balanceMinor: '0' });
    queryClient.setQueryData(BONUSES_KEY, { lockedMinor: '0', list: [] });
    centre(SIGNED_IN, queryClient);
    const shown = await card('Daily rebate');
    expect(shown).toHaveTextContent('Ready to claim');
    await userEvent.click(within(shown).getByRole('button', { name: 'Claim reward' }));

    expect(await within(shown).findByRole('status')).toHaveTextContent(
      '฿ 45.00 added to your balance.',
    );
    expect(askedRequests('/wps/member/promotions/9/claim').map(({ method }) => method)).toEqual([
      'POST',
    ]);
    expect(await within(shown).findByText('Claimed')).toBeInTheDocument();
    expect(within(shown).queryByRole('button', { name: 'Claim reward' })).toBeNull();
    expect(within(shown).getByRole('link', { name: 'See my bonus' })).toHaveAttribute(
      'href',
      '/member?tab=bonusDetails',
    );
    expect(queryClient.getQueryState(BALANCE_KEY)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(BONUSES_KEY)?.isInvalidated).toBe(true);
  });

  it('claims a rebate with wagering into the bonus balance, with the wagering to do', async () => {
    serveApi({
      [CLAIM]: rebateGrant({
        wageringRequiredMinor: '9000',
        wageredMinor: '0',
        remainingMinor: '9000',
      }),
      [MEMBER]: inTurn({ list: [lossRebate('claim', 2)] }, { list: [lossRebate('claimed', 2)] }),
    });
    centre();
    const shown = await card('Daily rebate');
    await userEvent.click(within(shown).getByRole('button', { name: 'Claim reward' }));
    expect(await within(shown).findByRole('status')).toHaveTextContent(
      '฿ 45.00 added to your bonus balance. Wager ฿ 90.00 to release it.',
    );
    expect(await within(shown).findByText('Claimed')).toBeInTheDocument();
  });

  it('says why a rebate cannot be claimed, without sending the member to deposit', async () => {
    serveApi({
      [CLAIM]: inTurn(
        refusal(409, 'BONUS_NOT_ELIGIBLE'),
        refusal(409, 'PROMOTION_ALREADY_CLAIMED'),
      ),
      [MEMBER]: { list: [lossRebate('claim')] },
    });
    centre();
    const shown = await card('Daily rebate');
    await userEvent.click(within(shown).getByRole('button', { name: 'Claim reward' }));
    expect(await within(shown).findByRole('alert')).toHaveTextContent(
      'Nothing to claim yet: the conditions of this reward are not met for now.',
    );
    await userEvent.click(within(shown).getByRole('button', { name: 'Claim reward' }));
    await expect
      .poll(() => within(shown).getByRole('alert').textContent)
      .toBe('You have already taken part in this promotion.');
    expect(within(shown).queryByRole('link', { name: 'Deposit to take part' })).toBeNull();
  });

  it('offers nothing to claim while the period does not qualify', async () => {
    serveApi({ [MEMBER]: { list: [lossRebate('join')] } });
    centre();
    const shown = await card('Daily rebate');
    expect(shown).toHaveTextContent('Open to join');
    expect(within(shown).queryByRole('button', { name: 'Claim reward' })).toBeNull();
    expect(within(shown).queryByRole('link')).toBeNull();
  });

  it("states a reward's terms in the rules dialog, with the games that count toward its wagering", async () => {
    serveApi({ [MEMBER]: { list: [lossRebate('join', 2)] } });
    centre();
    await userEvent.click(await screen.findByRole('button', { name: 'Daily rebate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Daily rebate' });
    expect(dialog).toHaveTextContent(
      "Reward10% of yesterday's net loss back, up to ฿ 100.00 · 2× wagering, 7 days",
    );
    expect(dialog).toHaveTextContent('Games that countSlots 100%');
    expect(dialog).toHaveTextContent('Withdrawals wait until the wagering is done.');
  });

  it('leaves the wagering facts out of the dialog of a reward paid at once', async () => {
    serveApi({ [MEMBER]: { list: [lossRebate('join')] } });
    centre();
    await userEvent.click(await screen.findByRole('button', { name: 'Daily rebate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Daily rebate' });
    expect(dialog).toHaveTextContent('no wagering');
    expect(dialog).not.toHaveTextContent('Games that count');
  });
});
