// Proves the promotions centre as a visitor or a member meets it: a link per category in the
// spec's order with the one shown marked, the category asked of the server, each activity's
// title, summary, period in the merchant's zone and translated status, an activity opened in a
// dialog with the operators' HTML and nothing that could run, 'no data', a retry after a
// failed read, and the member's endpoint for a session, the visitor's without.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { askedQueries, askedRequests } from '@/test/api-server';
import { merchantFixture, promotionFixture } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { inTurn, refusal, serveApi } from '@/test/serve-api';
import type { PromotionsViewer } from '../hooks/use-promotions';
import { PromotionsCentre } from './promotions-centre';

const PUBLIC = '/wps/promotions';
const MEMBER = '/wps/member/promotions';
const VISITOR: PromotionsViewer = { token: null, pending: false };

const promotion = promotionFixture;

const centre = (
  category: Parameters<typeof PromotionsCentre>[0]['category'] = 'all',
  viewer: PromotionsViewer = VISITOR,
) =>
  renderWithProviders(
    <MemoryRouter initialEntries={['/promotions']}>
      <PromotionsCentre
        category={category}
        viewer={viewer}
        timeZone="Asia/Bangkok"
        currency={merchantFixture}
      />
    </MemoryRouter>,
  );

describe('PromotionsCentre', () => {
  it('links every category in the spec order, marks the one shown and asks for it', async () => {
    serveApi({ [PUBLIC]: { list: [promotion()] } });
    centre('slots');
    const tabs = screen.getByRole('navigation', { name: 'Promotion categories' });
    const links = within(tabs).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'All',
      'Sports',
      'Live casino',
      'Slots',
      'Card games',
      'Fishing',
      'Lottery',
      'Rebate',
      'Points mall',
      'Ranking',
      'Deposit',
      'App download',
      'Newbie',
      'Limited time',
      'Special',
      'Daily',
      'High rebate',
      'VIP',
    ]);
    expect(within(tabs).getByRole('link', { current: 'page' })).toHaveTextContent('Slots');
    expect(within(tabs).getByRole('link', { name: 'All' })).toHaveAttribute('href', '/promotions');
    expect(within(tabs).getByRole('link', { name: 'Fishing' })).toHaveAttribute(
      'href',
      '/promotions?category=fish',
    );
    await screen.findByRole('button', { name: 'Welcome bonus' });
    expect(askedQueries(PUBLIC).map((query) => query.get('category'))).toEqual(['slots']);
  });

  it("shows each activity's title, summary, period in the merchant's zone and status", async () => {
    serveApi({
      [PUBLIC]: {
        list: [
          promotion({ imageUrl: 'https://cdn.example.test/welcome.png' }),
          promotion({
            id: 2,
            title: 'Weekend raffle',
            summary: '',
            kind: 'raffle',
            categories: ['special'],
            startsAt: '2026-04-01T00:00:00.000Z',
            endsAt: null,
            status: 'coming_soon',
          }),
        ],
      },
    });
    centre();
    const first = (await screen.findByRole('button', { name: 'Welcome bonus' })).closest(
      'article',
    )!;
    expect(first).toHaveTextContent('Double your first deposit.');
    expect(first).toHaveTextContent('2026/03/02 00:00 – 2026/03/31 23:59');
    expect(first).toHaveTextContent('Open to join');
    expect(within(first).getByRole('presentation')).toHaveAttribute(
      'src',
      'https://cdn.example.test/welcome.png',
    );
    const second = screen.getByRole('button', { name: 'Weekend raffle' }).closest('article')!;
    expect(second).toHaveTextContent('From 2026/04/01 07:00 until further notice');
    expect(second).toHaveTextContent('Coming soon');
    expect(within(second).queryByRole('presentation')).toBeNull();
  });

  it('opens an activity in a dialog with its rules and nothing that could run', async () => {
    serveApi({
      [PUBLIC]: {
        list: [
          promotion({
            content:
              '<p>Deposit 100, play with 200.</p><img src="x" onerror="window.__xss = 1">' +
              '<script>window.__xss = 2</script>',
          }),
        ],
      },
    });
    centre();
    await userEvent.click(await screen.findByRole('button', { name: 'Welcome bonus' }));
    const dialog = await screen.findByRole('dialog', { name: 'Welcome bonus' });
    expect(dialog).toHaveTextContent('Period2026/03/02 00:00 – 2026/03/31 23:59');
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Deposit', 'Newbie']);
    expect(dialog).toHaveTextContent('StatusOpen to join');
    expect(within(dialog).getByText('Deposit 100, play with 200.')).toBeInTheDocument();
    const html = within(dialog).getByTestId('promotion-content').innerHTML;
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('script');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('tells a visitor to log in to learn whether an audience activity is theirs', async () => {
    serveApi({ [PUBLIC]: { list: [promotion({ status: 'application_forbidden' })] } });
    centre();
    await userEvent.click(await screen.findByRole('button', { name: 'Welcome bonus' }));
    const dialog = await screen.findByRole('dialog', { name: 'Welcome bonus' });
    expect(dialog).toHaveTextContent('Not available to you');
    expect(dialog).toHaveTextContent('Log in to see whether you can take part.');
  });

  it('says no data when a category has no activity', async () => {
    serveApi({ [PUBLIC]: { list: [] } });
    centre('fish');
    expect(await screen.findByText('No data')).toBeInTheDocument();
  });

  it('offers a retry when the centre cannot be read', async () => {
    serveApi({ [PUBLIC]: inTurn(refusal(500, 'INTERNAL_ERROR'), { list: [promotion()] }) });
    centre();
    const failure = await screen.findByRole('alert');
    await userEvent.click(within(failure).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Welcome bonus' })).toBeInTheDocument();
  });

  it("asks the member's statuses with a session and the visitor's without", async () => {
    serveApi({
      [MEMBER]: { list: [promotion({ title: 'Member view' })] },
      [PUBLIC]: { list: [promotion({ title: 'Visitor view' })] },
    });
    centre('all', { token: 'session-token', pending: false });
    expect(await screen.findByRole('button', { name: 'Member view' })).toBeInTheDocument();
    expect(askedRequests(PUBLIC)).toHaveLength(0);
  });

  it('waits for a stored session to load before asking', async () => {
    serveApi({ [PUBLIC]: { list: [promotion()] } });
    centre('all', { token: null, pending: true });
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(askedRequests()).toHaveLength(0);
  });
});
