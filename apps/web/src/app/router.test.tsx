/**
 * Routes flagged as needing login (member centre, favourites, recent, lottery pages) send guests to /login (remembering where they were going)
 * and let members with a session token through; /login opens the login pop-up over the home
 * lobby; game pages hide the side menu.
 */
import { act, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { merchantFixture, permissionFixture, gameMenusFixture } from '@/test/fixtures';
import { TestProviders } from '@/test/render';
import { serveApi } from '@/test/serve-api';
import { buildRoutes } from './router';

const renderAt = (path: string) => {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(
    <TestProviders merchant={merchantFixture} permission={permissionFixture()}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return router;
};

beforeEach(() => {
  serveApi({
    '/lgw/games/game_menus': { menus: gameMenusFixture },
    '/wps/content/banners': { list: [] },
    '/wps/content/notices': {
      list: [],
      pageNo: 1,
      pageSize: 7,
      total: 0,
      totalPages: 0,
      totalCapped: false,
      nextCursor: null,
      prevCursor: null,
    },
    '/wps/system/domainRoute': { mainDomain: 'lanna.localhost', mirrors: [] },
  });
});

describe('router', () => {
  it.each([
    '/lottery',
    '/seaLottery',
    '/vnLottery',
    '/sealottery',
    '/member',
    '/favorite',
    '/recent',
  ])('sends a guest from %s to /login', async (path) => {
    const router = renderAt(`${path}?gameCode=ABC`);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(
      `?from=${encodeURIComponent(`${path}?gameCode=ABC`)}`,
    );
  });

  it('lets a member with a session token open a lottery page, without the side menu', async () => {
    sessionStorage.setItem('token', 'session-token');
    const router = renderAt('/lottery?gameCode=ABC');
    expect(await screen.findByTestId('page-lottery')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/lottery');
    expect(screen.queryByTestId('side-menu')).toBeNull();
  });

  it('opens the login pop-up over the home lobby on /login', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderAt('/login');
    // The home chunk (banners, live block, game sections) is transformed on its first import
    // here, which takes seconds on a busy machine.
    expect(await screen.findByTestId('home-page', {}, { timeout: 15_000 })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(await screen.findByTestId('modal-loginPopupModal')).toHaveAccessibleName('Log in');
    vi.useRealTimers();
  });

  it('shows the side menu and the category lobby on a category route', async () => {
    renderAt('/rng');
    expect(await screen.findByTestId('lobby-RNG')).toBeInTheDocument();
    expect(screen.getByTestId('side-menu')).toBeInTheDocument();
    expect(await screen.findByTestId('lobby-vendor-HOUSE_SLOTS')).toBeInTheDocument();
    // A screen reader's outline skips no level: the page, its games, then each game's name.
    const lobby = screen.getByTestId('lobby-RNG');
    expect(within(lobby).getByRole('heading', { level: 2 })).toHaveTextContent('Games');
  });

  it('shows no data on a category without vendors', async () => {
    renderAt('/live');
    expect(await screen.findByText('No data')).toBeInTheDocument();
  });
});
