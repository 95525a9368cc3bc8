// Proves a turnover ranking and a raffle in the promotions centre: their terms on the card (with
// no board read for the list), the rules dialog's facts, the live and final boards with their
// empty and error states, a raffle's winners and its provably fair draw, the member's own
// standing (never asked for a visitor or a trial), and claiming a prize with its refusals.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { askedRequests } from '@/test/api-server';
import {
  bonusGrantFixture,
  contestRuleFixture,
  contestStandingFixture,
  contestStateFixture,
  merchantFixture,
  promotionFixture,
} from '@/test/fixtures';
import { createTestQueryClient, renderWithProviders } from '@/test/render';
import { inTurn, refusal, serveApi } from '@/test/serve-api';
import type { PromotionsViewer } from '../hooks/use-promotions';
import { PromotionsCentre } from './promotions-centre';

const PUBLIC = '/wps/promotions';
const MEMBER = '/wps/member/promotions';
const BOARD = 'GET /wps/promotions/:id/contest';
const STANDING = 'GET /wps/member/promotions/:id/contest';
const CLAIM = 'POST /wps/member/promotions/:id/claim';
const SIGNED_IN: PromotionsViewer = { token: 'session-token', pending: false };
type Status = 'join' | 'joined' | 'process' | 'claim' | 'claimed' | 'close';

const ranking = (status: Status = 'joined') =>
  promotionFixture({
    id: 4,
    title: 'Turnover race',
    kind: 'turnover_ranking',
    categories: ['ranking'],
    contestRule: contestRuleFixture(),
    status,
  });

const raffle = (status: Status = 'joined') =>
  promotionFixture({
    id: 6,
    title: 'Lucky raffle',
    kind: 'raffle',
    categories: ['limited'],
    contestRule: contestRuleFixture({
      categories: [],
      ticketMinor: '10000',
      maxTicketsPerMember: 50,
      prizesMinor: ['30000', '10000'],
    }),
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

const openDialog = async (title: string) => {
  await userEvent.click(await screen.findByRole('button', { name: title }));
  return screen.findByRole('dialog', { name: title });
};

/** A table's rows as a member reads them: each row's header and data cells, in order. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.children, (cell) => cell.textContent));

describe('turnover ranking', () => {
  it('states its terms on the card without reading its board', async () => {
    serveApi({ [MEMBER]: { list: [ranking('join')] } });
    centre();
    const card = (await screen.findByRole('button', { name: 'Turnover race' })).closest('article')!;
    expect(within(card).getByTestId('promotion-terms')).toHaveTextContent(
      '฿ 1,700.00 in 3 prizes · ends 2026/03/31 23:59 · claim within 7 days of the end · Slots, Live casino',
    );
    expect(within(card).getByText('Bet to take part')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Claim prize' })).toBeNull();
    expect(askedRequests('/wps/promotions/4/contest')).toHaveLength(0);
    expect(askedRequests('/wps/member/promotions/4/contest')).toHaveLength(0);
  });

  it('shows the live board and the member’s own standing in the rules dialog', async () => {
    serveApi({
      [MEMBER]: { list: [ranking()] },
      [BOARD]: contestStateFixture({
        promotionId: 4,
        entrants: 12,
        board: [
          {
            place: 1,
            account: 'an***42',
            validBetMinor: '9000000',
            tickets: 0,
            prizeMinor: '100000',
          },
          {
            place: 2,
            account: 'de***mo',
            validBetMinor: '450050',
            tickets: 0,
            prizeMinor: '50000',
          },
          { place: 4, account: 'zz***zz', validBetMinor: '1000', tickets: 0, prizeMinor: null },
        ],
      }),
      [STANDING]: contestStandingFixture({
        promotionId: 4,
        validBetMinor: '450050',
        place: 2,
        prizeMinor: '50000',
      }),
    });
    centre();
    const dialog = await openDialog('Turnover race');
    expect(dialog).toHaveTextContent('Prize pool฿ 1,700.00 in 3 prizes');
    expect(
      within(within(dialog).getByTestId('contest-prizes'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['#1 ฿ 1,000.00', '#2 ฿ 500.00', '#3 ฿ 200.00']);
    expect(dialog).toHaveTextContent('Ends2026/03/31 23:59');
    expect(dialog).toHaveTextContent('Time to claim7 days after the end, until 2026/04/07 23:59');
    expect(dialog).toHaveTextContent('Games that countSlots, Live casino');
    expect(dialog).toHaveTextContent('Prize paidStraight to your main wallet');
    expect(within(dialog).getByText('Taking part')).toBeInTheDocument();

    expect(
      await within(dialog).findByRole('heading', { name: 'Live standings' }),
    ).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Updates every 30 seconds until the ranking is decided.');
    const table = within(dialog).getByRole('table', { name: 'Live standings' });
    expect(rowsOf(table)).toEqual([
      ['Place', 'Account', 'Valid bet', 'Prize'],
      ['1', 'an***42', '฿ 90,000.00', '฿ 1,000.00'],
      ['2', 'de***mo', '฿ 4,500.50', '฿ 500.00'],
      ['4', 'zz***zz', '฿ 10.00', 'No prize'],
    ]);
    expect(within(dialog).getByRole('region', { name: 'Live standings' })).toHaveAttribute(
      'tabindex',
      '0',
    );

    const standing = await within(dialog).findByTestId('contest-standing');
    expect(within(standing).getByRole('heading', { name: 'Your standing' })).toBeInTheDocument();
    expect(standing).toHaveTextContent('Your valid bet฿ 4,500.50');
    expect(standing).toHaveTextContent('Your place#2');
    expect(standing).toHaveTextContent('Your prize฿ 500.00');
    expect(standing).not.toHaveTextContent('Your tickets');
  });

  it('says when no one is ranked yet, and that a member is not ranked', async () => {
    serveApi({
      [MEMBER]: { list: [ranking('join')] },
      [BOARD]: contestStateFixture({ promotionId: 4 }),
      [STANDING]: contestStandingFixture({ promotionId: 4 }),
    });
    centre();
    const dialog = await openDialog('Turnover race');
    expect(
      await within(dialog).findByText(
        'No one is ranked yet: members appear here as their valid bets are counted.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('table')).toBeNull();
    expect(await within(dialog).findByTestId('contest-standing')).toHaveTextContent(
      'Your placeNot ranked yet',
    );
  });

  it('shows the final results once decided', async () => {
    serveApi({
      [MEMBER]: { list: [ranking('close')] },
      [BOARD]: contestStateFixture({
        promotionId: 4,
        decided: true,
        entrants: 3,
        board: [
          {
            place: 1,
            account: 'an***42',
            validBetMinor: '9000000',
            tickets: 0,
            prizeMinor: '100000',
          },
        ],
      }),
      [STANDING]: contestStandingFixture({ promotionId: 4, validBetMinor: '100', place: 5 }),
    });
    centre();
    const dialog = await openDialog('Turnover race');
    const table = await within(dialog).findByRole('table', { name: 'Final results' });
    expect(rowsOf(table)[1]).toEqual(['1', 'an***42', '฿ 90,000.00', '฿ 1,000.00']);
    expect(dialog).toHaveTextContent('3 members took part.');
    expect(dialog).not.toHaveTextContent('Updates every');
    expect(within(dialog).getByText('Ended')).toBeInTheDocument();
    const standing = await within(dialog).findByTestId('contest-standing');
    expect(standing).toHaveTextContent('Your place#5');
    expect(standing).not.toHaveTextContent('Your prize');
  });

  it('offers a retry when the board cannot be read', async () => {
    serveApi({
      [MEMBER]: { list: [ranking()] },
      [BOARD]: inTurn(
        refusal(500, 'INTERNAL_ERROR'),
        contestStateFixture({
          promotionId: 4,
          board: [
            {
              place: 1,
              account: 'an***42',
              validBetMinor: '100',
              tickets: 0,
              prizeMinor: '100000',
            },
          ],
        }),
      ),
      [STANDING]: contestStandingFixture({ promotionId: 4 }),
    });
    centre();
    const dialog = await openDialog('Turnover race');
    const error = await within(dialog).findByTestId('contest-board-error');
    expect(error).toHaveRole('alert');
    await userEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(
      await within(dialog).findByRole('table', { name: 'Live standings' }),
    ).toBeInTheDocument();
  });

  it('asks no standing for a visitor or a trial account', async () => {
    serveApi({
      [PUBLIC]: { list: [ranking('join')] },
      [MEMBER]: { list: [ranking('join')] },
      [BOARD]: contestStateFixture({ promotionId: 4 }),
      [STANDING]: contestStandingFixture({ promotionId: 4 }),
    });
    const visitor = centre({ token: null, pending: false });
    let dialog = await openDialog('Turnover race');
    expect(await within(dialog).findByText(/No one is ranked yet/)).toBeInTheDocument();
    expect(within(dialog).queryByTestId('contest-standing')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Claim prize' })).toBeNull();
    visitor.unmount();

    centre({ ...SIGNED_IN, trial: true });
    dialog = await openDialog('Turnover race');
    expect(await within(dialog).findByText(/No one is ranked yet/)).toBeInTheDocument();
    expect(within(dialog).queryByTestId('contest-standing')).toBeNull();
    expect(askedRequests('/wps/member/promotions/4/contest')).toHaveLength(0);
  });

  it('shows nothing of a standing the server refuses to a trial account', async () => {
    serveApi({
      [MEMBER]: { list: [ranking('join')] },
      [BOARD]: contestStateFixture({ promotionId: 4 }),
      [STANDING]: refusal(403, 'TRIAL_ACCOUNT_FORBIDDEN'),
    });
    centre();
    const dialog = await openDialog('Turnover race');
    expect(await within(dialog).findByText(/No one is ranked yet/)).toBeInTheDocument();
    await expect.poll(() => askedRequests('/wps/member/promotions/4/contest').length).toBe(1);
    expect(within(dialog).queryByTestId('contest-standing')).toBeNull();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});

describe('raffle', () => {
  const SEED_HASH = 'c'.repeat(64);
  const SEED = 'd'.repeat(64);

  it('shows its ticket terms, entrants and tickets, and the seed hash while it runs', async () => {
    serveApi({
      [MEMBER]: { list: [raffle()] },
      [BOARD]: contestStateFixture({
        promotionId: 6,
        kind: 'raffle',
        entrants: 3,
        tickets: 1204,
        seedHash: SEED_HASH,
      }),
      [STANDING]: contestStandingFixture({ promotionId: 6, validBetMinor: '250000', tickets: 25 }),
    });
    centre();
    const card = (await screen.findByRole('button', { name: 'Lucky raffle' })).closest('article')!;
    expect(within(card).getByTestId('promotion-terms')).toHaveTextContent(
      '฿ 400.00 in 2 prizes · ends 2026/03/31 23:59 · claim within 7 days of the end · 1 ticket per ฿ 100.00 of valid bet · at most 50 tickets each · All games',
    );

    const dialog = await openDialog('Lucky raffle');
    expect(dialog).toHaveTextContent('Ticket price1 ticket per ฿ 100.00 of valid bet');
    expect(dialog).toHaveTextContent('Ticket limitat most 50 tickets each');
    expect(dialog).toHaveTextContent('Games that countAll games');
    expect(await within(dialog).findByTestId('raffle-entrants')).toHaveTextContent('3');
    expect(within(dialog).getByTestId('raffle-tickets')).toHaveTextContent('1,204');
    expect(dialog).toHaveTextContent('The draw takes place once the raffle ends');
    expect(within(dialog).queryByRole('table')).toBeNull();

    const fairness = within(dialog).getByTestId('raffle-fairness');
    await userEvent.click(within(fairness).getByText('Provably fair'));
    expect(within(fairness).getByTestId('raffle-seed-hash')).toHaveTextContent(SEED_HASH);
    expect(within(fairness).queryByTestId('raffle-seed')).toBeNull();
    expect(fairness).toHaveTextContent('The seed is published after the draw.');

    const standing = await within(dialog).findByTestId('contest-standing');
    expect(standing).toHaveTextContent('Your valid bet฿ 2,500.00');
    expect(standing).toHaveTextContent('Your tickets25');
    expect(standing).not.toHaveTextContent('Your place');
  });

  it('shows the winners in draw order, the seed and every entry once drawn', async () => {
    serveApi({
      [MEMBER]: { list: [raffle('claimed')] },
      [BOARD]: contestStateFixture({
        promotionId: 6,
        kind: 'raffle',
        decided: true,
        entrants: 3,
        tickets: 60,
        board: [
          {
            place: 1,
            account: 'de***mo',
            validBetMinor: '500000',
            tickets: 50,
            prizeMinor: '30000',
          },
          { place: 2, account: 'an***42', validBetMinor: '90000', tickets: 9, prizeMinor: '10000' },
        ],
        seedHash: SEED_HASH,
        seed: SEED,
        entries: [
          { entry: 1, account: 'an***42', tickets: 9 },
          { entry: 2, account: 'de***mo', tickets: 50 },
          { entry: 3, account: 'zz***zz', tickets: 1 },
        ],
      }),
      [STANDING]: contestStandingFixture({
        promotionId: 6,
        validBetMinor: '500000',
        tickets: 50,
        place: 1,
        prizeMinor: '30000',
        claimed: true,
      }),
    });
    centre();
    const dialog = await openDialog('Lucky raffle');
    const winners = await within(dialog).findByRole('table', { name: 'Winners in draw order' });
    expect(rowsOf(winners)).toEqual([
      ['Place', 'Account', 'Tickets', 'Prize'],
      ['1', 'de***mo', '50', '฿ 300.00'],
      ['2', 'an***42', '9', '฿ 100.00'],
    ]);

    const fairness = within(dialog).getByTestId('raffle-fairness');
    expect(within(fairness).queryByRole('table')).toBeNull();
    await userEvent.click(within(fairness).getByText('Provably fair'));
    expect(within(fairness).getByTestId('raffle-seed-hash')).toHaveTextContent(SEED_HASH);
    expect(within(fairness).getByTestId('raffle-seed')).toHaveTextContent(SEED);
    const entries = within(fairness).getByRole('table', { name: 'Entries in draw order' });
    expect(rowsOf(entries)).toEqual([
      ['Entry', 'Account', 'Tickets'],
      ['1', 'an***42', '9'],
      ['2', 'de***mo', '50'],
      ['3', 'zz***zz', '1'],
    ]);
    expect(fairness).toHaveTextContent('HMAC-SHA256(seed, "draw:k:attempt")');
    expect(fairness).toHaveTextContent('2^64 − (2^64 mod T)');

    const standing = await within(dialog).findByTestId('contest-standing');
    expect(standing).toHaveTextContent('Your place#1');
    expect(standing).toHaveTextContent('Your prize฿ 300.00 Claimed');
  });

  it('says so when no one held a ticket', async () => {
    serveApi({
      [PUBLIC]: { list: [raffle('close')] },
      [BOARD]: contestStateFixture({
        promotionId: 6,
        kind: 'raffle',
        decided: true,
        seedHash: SEED_HASH,
        seed: SEED,
        entries: [],
      }),
    });
    centre({ token: null, pending: false });
    const dialog = await openDialog('Lucky raffle');
    expect(
      await within(dialog).findByText('No one held a ticket, so no prize was drawn.'),
    ).toBeInTheDocument();
  });
});

describe('contest prize claim', () => {
  const BALANCE_KEY = ['member', 'wallet', 'balance', 'session-token'];
  const prizeGrant = bonusGrantFixture({
    id: 12,
    promotionId: 4,
    title: 'Turnover race',
    bonusMinor: '50000',
    depositMinor: '0',
    wageringRequiredMinor: '0',
    wageredMinor: '0',
    remainingMinor: '0',
    status: 'released',
    settledAt: '2026-04-01T03:00:00.000Z',
  });

  it('claims a prize as "Claim prize", then shows it paid and reads the standing again', async () => {
    serveApi({
      [CLAIM]: prizeGrant,
      [MEMBER]: inTurn({ list: [ranking('claim')] }, { list: [ranking('claimed')] }),
      [BOARD]: contestStateFixture({ promotionId: 4, decided: true }),
      [STANDING]: inTurn(
        contestStandingFixture({ promotionId: 4, place: 2, prizeMinor: '50000' }),
        contestStandingFixture({ promotionId: 4, place: 2, prizeMinor: '50000', claimed: true }),
      ),
    });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(BALANCE_KEY, { balanceMinor: '0' });
    centre(SIGNED_IN, queryClient);
    const dialog = await openDialog('Turnover race');
    expect(within(dialog).getByText('Ready to claim')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Claim bonus' })).toBeNull();
    expect(within(dialog).queryByRole('link', { name: 'Deposit to take part' })).toBeNull();
    await within(dialog).findByTestId('contest-standing');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Claim prize' }));

    expect(await within(dialog).findByTestId('promotion-detail-claim-done-4')).toHaveTextContent(
      '฿ 500.00 added to your balance.',
    );
    expect(askedRequests('/wps/member/promotions/4/claim').map(({ method }) => method)).toEqual([
      'POST',
    ]);
    expect(await within(dialog).findByTestId('contest-standing-claimed')).toHaveTextContent(
      'Claimed',
    );
    expect(within(dialog).queryByRole('button', { name: 'Claim prize' })).toBeNull();
    expect(queryClient.getQueryState(BALANCE_KEY)?.isInvalidated).toBe(true);
  });

  it('says a contest not decided yet cannot be claimed', async () => {
    serveApi({
      [CLAIM]: refusal(409, 'CONTEST_NOT_DECIDED'),
      [MEMBER]: { list: [ranking('claim')] },
    });
    centre();
    const card = (await screen.findByRole('button', { name: 'Turnover race' })).closest('article')!;
    await userEvent.click(within(card).getByRole('button', { name: 'Claim prize' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'This contest has not been decided yet: its prizes can be claimed once the results are final.',
    );
  });

  it('words a contest’s other refusals as a contest’s', async () => {
    serveApi({
      [CLAIM]: inTurn(refusal(409, 'BONUS_NOT_ELIGIBLE'), refusal(409, 'PROMOTION_CLOSED')),
      [MEMBER]: { list: [ranking('claim')] },
    });
    centre();
    const card = (await screen.findByRole('button', { name: 'Turnover race' })).closest('article')!;
    await userEvent.click(within(card).getByRole('button', { name: 'Claim prize' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'There is no prize of yours to claim in this contest.',
    );
    await userEvent.click(within(card).getByRole('button', { name: 'Claim prize' }));
    await expect
      .poll(() => within(card).getByRole('alert').textContent)
      .toBe('The days to claim this prize are over.');
  });
});
