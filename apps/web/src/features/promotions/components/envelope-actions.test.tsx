// Proves a red envelope in the promotions centre: its pool, shares and openings with the seed's
// hash for everyone, the seed and every share once it is public; a member's opening that shows
// the share won, hides the button and reads the centre and the wallets again; a refused
// opening's reason in words; and a visitor offered no button.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { askedRequests } from '@/test/api-server';
import { envelopeStateFixture, merchantFixture, promotionFixture } from '@/test/fixtures';
import { createTestQueryClient, renderWithProviders } from '@/test/render';
import { inTurn, refusal, serveApi } from '@/test/serve-api';
import type { PromotionsViewer } from '../hooks/use-promotions';
import { PromotionsCentre } from './promotions-centre';

const PUBLIC = '/wps/promotions';
const MEMBER = '/wps/member/promotions';
const STATE = 'GET /wps/promotions/:id/envelope';
const OPEN = 'POST /wps/member/promotions/:id/envelope';
const SIGNED_IN: PromotionsViewer = { token: 'session-token', pending: false };
const BALANCE_KEY = ['member', 'wallet', 'balance', 'session-token'];

const envelope = (status: 'join' | 'claimed') =>
  promotionFixture({
    id: 8,
    title: 'Lucky envelope',
    kind: 'red_envelope',
    categories: ['limited'],
    envelopeRule: { poolMinor: '1000', shares: 2, minShareMinor: '100' },
    status,
  });

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

const card = async () =>
  (await screen.findByRole('button', { name: 'Lucky envelope' })).closest('article')!;

describe('red envelope', () => {
  it('shows the pool, the shares opened and the seed hash, then the seed and every share', async () => {
    serveApi({
      [MEMBER]: { list: [envelope('claimed')] },
      [STATE]: envelopeStateFixture({
        promotionId: 8,
        opened: 2,
        seed: 'b'.repeat(64),
        sharesMinor: ['400', '600'],
      }),
    });
    centre();
    const shown = await card();
    expect(shown).toHaveTextContent('Pool฿ 10.00');
    expect(shown).toHaveTextContent('Shares2');
    expect(await within(shown).findByText('2 of 2')).toBeInTheDocument();
    expect(within(shown).getByTestId('envelope-seed-hash')).toHaveTextContent('a'.repeat(64));
    expect(within(shown).getByTestId('envelope-seed')).toHaveTextContent('b'.repeat(64));
    expect(shown).toHaveTextContent('the SHA-256 of the seed equals the hash above');

    await userEvent.click(within(shown).getByText('Provably fair'));
    const shares = await within(shown).findByTestId('envelope-shares');
    expect(
      within(shares)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['฿ 4.00', '฿ 6.00']);
  });

  it('says the seed comes at the end while the envelope runs', async () => {
    serveApi({
      [MEMBER]: { list: [envelope('join')] },
      [STATE]: envelopeStateFixture({ promotionId: 8 }),
    });
    centre();
    const shown = await card();
    expect(await within(shown).findByText('1 of 2')).toBeInTheDocument();
    expect(shown).toHaveTextContent('The seed is published when the activity ends.');
    expect(within(shown).queryByTestId('envelope-seed')).toBeNull();
  });

  it('opens the envelope, shows the share won and hides the button', async () => {
    serveApi({
      [OPEN]: {
        promotionId: 8,
        shareIndex: 1,
        amountMinor: '650',
        openedAt: '2026-03-02T03:00:00.000Z',
      },
      [MEMBER]: inTurn({ list: [envelope('join')] }, { list: [envelope('claimed')] }),
      [STATE]: inTurn(
        envelopeStateFixture({ promotionId: 8 }),
        envelopeStateFixture({ promotionId: 8, opened: 2 }),
      ),
    });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(BALANCE_KEY, { balanceMinor: '0' });
    centre(SIGNED_IN, queryClient);
    const shown = await card();
    expect(within(shown).getByText('Open to join')).toBeInTheDocument();
    await userEvent.click(within(shown).getByRole('button', { name: 'Open envelope' }));

    const won = await within(shown).findByRole('status');
    expect(won).toHaveTextContent('Congratulations! You won');
    expect(within(won).getByTestId('envelope-amount')).toHaveTextContent('฿ 6.50');
    expect(within(shown).queryByRole('button', { name: 'Open envelope' })).toBeNull();
    expect(askedRequests('/wps/member/promotions/8/envelope').map(({ method }) => method)).toEqual([
      'POST',
    ]);
    expect(await within(shown).findByText('Claimed')).toBeInTheDocument();
    expect(await within(shown).findByText('2 of 2')).toBeInTheDocument();
    expect(queryClient.getQueryState(BALANCE_KEY)?.isInvalidated).toBe(true);
    // The share stays in view after the centre's new answer.
    expect(within(shown).getByTestId('envelope-amount')).toHaveTextContent('฿ 6.50');
  });

  it('says why an opening was refused and reads the centre again', async () => {
    serveApi({
      [OPEN]: refusal(409, 'PROMOTION_ALREADY_CLAIMED'),
      [MEMBER]: inTurn({ list: [envelope('join')] }, { list: [envelope('claimed')] }),
      [STATE]: envelopeStateFixture({ promotionId: 8 }),
    });
    centre();
    const shown = await card();
    await userEvent.click(within(shown).getByRole('button', { name: 'Open envelope' }));
    expect(await within(shown).findByTestId('envelope-error')).toHaveTextContent(
      'You have already taken part in this promotion.',
    );
    expect(await within(shown).findByText('Claimed')).toBeInTheDocument();
    expect(within(shown).queryByRole('button', { name: 'Open envelope' })).toBeNull();
    expect(within(shown).getByRole('alert')).toHaveTextContent('already');
    expect(askedRequests(MEMBER)).toHaveLength(2);
  });

  it('shows a visitor the figures without an open button', async () => {
    serveApi({
      [PUBLIC]: { list: [envelope('join')] },
      [STATE]: envelopeStateFixture({ promotionId: 8 }),
    });
    centre({ token: null, pending: false });
    const shown = await card();
    expect(await within(shown).findByText('1 of 2')).toBeInTheDocument();
    expect(within(shown).queryByRole('button', { name: 'Open envelope' })).toBeNull();
  });
});
