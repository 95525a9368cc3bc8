// Proves what a signed-in member can do with a deposit bonus in the promotions centre: its terms
// in one line on the card, a claim that asks the server and then shows the bonus paid and the
// activity claimed with a way to its wagering, a refused claim's reason in words, and the way
// to deposit first; a visitor is offered none of it.
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
} from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { inTurn, refusal, serveApi } from '@/test/serve-api';
import type { PromotionsViewer } from '../hooks/use-promotions';
import { PromotionsCentre } from './promotions-centre';

const PUBLIC = '/wps/promotions';
const MEMBER = '/wps/member/promotions';
const CLAIM = 'POST /wps/member/promotions/:id/claim';
const SIGNED_IN: PromotionsViewer = { token: 'session-token', pending: false };

const depositBonus = (status: 'claim' | 'claimed' | 'join') =>
  promotionFixture({ id: 5, bonusRule: bonusRuleFixture(), status });

const centre = (viewer: PromotionsViewer = SIGNED_IN) =>
  renderWithProviders(
    <MemoryRouter initialEntries={['/promotions']}>
      <PromotionsCentre
        category="all"
        viewer={viewer}
        timeZone="Asia/Bangkok"
        currency={merchantFixture}
      />
    </MemoryRouter>,
  );

const card = async () =>
  (await screen.findByRole('button', { name: 'Welcome bonus' })).closest('article')!;

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
      '฿ 300.00 bonus claimed. Wager it to release it to your wallet.',
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
    expect(await within(dialog).findByRole('status')).toHaveTextContent('฿ 300.00 bonus claimed.');
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
