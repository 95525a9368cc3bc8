// The /promotions route as visitors and members meet it: the category of the address (every
// activity when there is none or it is unknown), each tab its own address, and the member's
// endpoint for a signed-in member or trial, the visitor's for a visitor.
import { TRIAL_TYPE } from '@lanna/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { askedQueries, askedRequests } from '@/test/api-server';
import { memberInfoFixture, promotionFixture } from '@/test/fixtures';
import { TestProviders } from '@/test/render';
import { serveApi } from '@/test/serve-api';
import { PromotionsRoute } from './promotions';

const PUBLIC = '/wps/promotions';
const MEMBER = '/wps/member/promotions';

const promotion = (title: string) =>
  promotionFixture({
    title,
    summary: '',
    content: '<p>Rules</p>',
    kind: 'deposit_bonus',
    categories: ['deposit'],
    startsAt: '2026-03-01T00:00:00.000Z',
    endsAt: null,
  });

const renderAt = (path: string) => {
  const router = createMemoryRouter([{ path: '/promotions', element: <PromotionsRoute /> }], {
    initialEntries: [path],
  });
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return router;
};

const DOMAINS = { mainDomain: 'lanna.example', mirrors: ['lanna2.example'] };

/** The route's answers, and the domain list its access banner reads. */
const serve = (routes: Parameters<typeof serveApi>[0]) =>
  serveApi({ '/wps/system/domainRoute': DOMAINS, ...routes });

const tabs = () => screen.getByRole('navigation', { name: 'Promotion categories' });

describe('promotions route', () => {
  it('opens the category of its address and gives each tab its own', async () => {
    serve({ [PUBLIC]: { list: [promotion('Slots week')] } });
    const router = renderAt('/promotions?category=slots');
    expect(screen.getByRole('heading', { level: 1, name: 'Promotions' })).toBeInTheDocument();
    expect(within(tabs()).getByRole('link', { current: 'page' })).toHaveTextContent('Slots');
    await screen.findByRole('button', { name: 'Slots week' });
    await userEvent.click(within(tabs()).getByRole('link', { name: 'Fishing' }));
    expect(router.state.location.search).toBe('?category=fish');
    expect(within(tabs()).getByRole('link', { current: 'page' })).toHaveTextContent('Fishing');
    await waitFor(() =>
      expect(askedQueries(PUBLIC).map((query) => query.get('category'))).toEqual(['slots', 'fish']),
    );
  });

  it('shows every activity when the address names no known category', async () => {
    serve({ [PUBLIC]: { list: [promotion('Everything')] } });
    renderAt('/promotions?category=nonsense');
    expect(within(tabs()).getByRole('link', { current: 'page' })).toHaveTextContent('All');
    await screen.findByRole('button', { name: 'Everything' });
    expect(askedQueries(PUBLIC)[0]?.get('category')).toBe('all');
  });

  it('tells how to get past a block, with the official addresses', async () => {
    serve({ [PUBLIC]: { list: [] } });
    renderAt('/promotions');
    const banner = screen.getByRole('complementary', { name: "Can't reach us?" });
    expect(banner).toHaveTextContent('free DNS app');
    await waitFor(() =>
      expect(within(banner).getByTestId('access-banner-domains')).toHaveTextContent(
        'lanna.example · lanna2.example',
      ),
    );
  });

  it("asks a visitor's statuses without a session", async () => {
    serve({ [PUBLIC]: { list: [promotion('Visitor view')] } });
    renderAt('/promotions');
    expect(await screen.findByRole('button', { name: 'Visitor view' })).toBeInTheDocument();
    expect(askedRequests(MEMBER)).toHaveLength(0);
  });

  it.each([
    ['a member', memberInfoFixture()],
    ['a trial', memberInfoFixture({ type: TRIAL_TYPE, role: 'trial', isTrial: true })],
  ])("asks %s's own statuses once signed in", async (_, member) => {
    sessionStorage.setItem('token', 'session-token');
    serve({
      '/wps/member/info': member,
      [MEMBER]: { list: [promotion('Member view')] },
      [PUBLIC]: { list: [promotion('Visitor view')] },
    });
    renderAt('/promotions');
    expect(await screen.findByRole('button', { name: 'Member view' })).toBeInTheDocument();
    expect(askedRequests(PUBLIC)).toHaveLength(0);
    expect(askedRequests(MEMBER)).toHaveLength(1);
  });
});
