/**
 * The side menu lists only categories that have vendors, in game_menus order, and shows the
 * gated entries (manual rebate, VIP, invite friends, live chat) only when their flag or
 * resource is on (spec section 2, Layout; section 6).
 */
import type { Permission } from '@lanna/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { gameMenusQuery } from '@/features/games/api/get-game-menus';
import { gameMenusFixture, permissionFixture, whitelabelFixture } from '@/test/fixtures';
import { createTestQueryClient, renderWithProviders } from '@/test/render';
import { serveApi } from '@/test/serve-api';
import { SideMenu } from './side-menu';
import { sideMenuEntries } from './side-menu-entries';

const renderMenu = (permission: Permission) => {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(gameMenusQuery().queryKey, { menus: gameMenusFixture });
  renderWithProviders(
    <MemoryRouter>
      <SideMenu collapsed={false} drawer={false} open={false} onClose={() => undefined} />
    </MemoryRouter>,
    { permission, queryClient },
  );
  return screen.getByTestId('side-menu');
};

// The menu's own banner slot is read once it shows; none here.
beforeEach(() => serveApi({ '/wps/content/banners': { list: [] } }));

describe('side menu', () => {
  it('shows HOT, FAV, RECENT and only the categories that have vendors, in order', () => {
    const menu = renderMenu(permissionFixture());
    expect(within(menu).getByTestId('side-menu-item-hot')).toHaveTextContent('Hot');
    expect(within(menu).getByTestId('side-menu-item-favorite')).toBeInTheDocument();
    expect(within(menu).getByTestId('side-menu-item-recent')).toBeInTheDocument();
    expect(within(menu).getByTestId('side-menu-item-RNG')).toHaveAttribute('href', '/rng');
    expect(within(menu).getByTestId('side-menu-item-SPORTS')).toHaveAttribute('href', '/sports');
    expect(within(menu).queryByTestId('side-menu-item-LIVE')).toBeNull();
    const items = within(menu).getAllByTestId(/^side-menu-item-(RNG|SPORTS)$/);
    expect(items.map((item) => item.dataset.testid)).toEqual([
      'side-menu-item-RNG',
      'side-menu-item-SPORTS',
    ]);
  });

  it('hides flag-gated entries when their flags are off', () => {
    const menu = renderMenu(permissionFixture());
    for (const key of ['manual-rebate', 'vip', 'invite-friends', 'live-chat']) {
      expect(within(menu).queryByTestId(`side-menu-item-${key}`)).toBeNull();
    }
    for (const key of [
      'betting-record',
      'promotions',
      'rewards',
      'server-speed',
      'app-download',
      'help',
    ]) {
      expect(within(menu).getByTestId(`side-menu-item-${key}`)).toBeInTheDocument();
    }
  });

  it('shows manual rebate, VIP, invite friends and live chat when enabled', () => {
    const menu = renderMenu(
      permissionFixture({
        whitelabel: whitelabelFixture(true),
        vipEnabled: true,
        referralEnabled: true,
        resources: {
          LIVE_CHAT: {
            resourceType: 'LIVE_CHAT',
            labelNameEn: 'Live chat',
            url: 'https://chat.example.test',
          },
        },
      }),
    );
    for (const key of ['manual-rebate', 'vip', 'invite-friends', 'live-chat']) {
      expect(within(menu).getByTestId(`side-menu-item-${key}`)).toBeInTheDocument();
    }
  });

  it('keeps the account entries in the spec order', () => {
    const permission = permissionFixture({
      whitelabel: whitelabelFixture(true),
      vipEnabled: true,
      referralEnabled: true,
    });
    const keys = sideMenuEntries(gameMenusFixture, permission).account.map((entry) => entry.key);
    expect(keys).toEqual([
      'betting-record',
      'promotions',
      'manual-rebate',
      'rewards',
      'vip',
      'invite-friends',
      'server-speed',
      'app-download',
      'help',
    ]);
  });

  it('carries the chat room toggle in the drawer, where the right bar is hidden', async () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(gameMenusQuery().queryKey, { menus: gameMenusFixture });
    renderWithProviders(
      <MemoryRouter initialEntries={['/rng']}>
        <SideMenu collapsed={false} drawer open onClose={() => undefined} />
        <Routes>
          <Route path="/login" element={<p>login page</p>} />
          <Route path="*" element={null} />
        </Routes>
      </MemoryRouter>,
      { queryClient },
    );
    // A guest is sent to log in first, as from the right bar.
    await userEvent.setup().click(screen.getByTestId('side-menu-item-chat-room'));
    expect(await screen.findByText('login page')).toBeInTheDocument();
  });

  it('leaves the chat room toggle to the right bar on wide screens', () => {
    const menu = renderMenu(permissionFixture());
    expect(within(menu).queryByTestId('side-menu-item-chat-room')).toBeNull();
  });
});
