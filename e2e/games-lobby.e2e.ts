// Proves the games journeys of issue 5 in Chromium: a guest starting a game gets the login
// popup; a member's favourite shows under FAV on home and in the lobby; the lobby search finds a
// game by part of its name in another letter case; a trial member is refused with
// 'in_need_true_account'; a game under maintenance suggests hot games; and a member opens the
// house slot from the RNG lobby in a window of its own.
import type { Envelope, GameCard } from '@lanna/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { pathOf, registeredMember, textOf } from './support/accounts.ts';
import { baseUrl, newIp, openPageFrom, useBrowser } from './support/browser.ts';

const browser = useBrowser();

const NEED_REAL_ACCOUNT = 'Please register or log in to a real account to continue.';

/** A page of the games list as any caller of the public API reads it. */
const gamesOf = async (query: string): Promise<GameCard[]> => {
  const response = await fetch(`${baseUrl()}/lgw/games/list?${query}`);
  const envelope = (await response.json()) as Envelope<{ games: GameCard[] }>;
  return envelope.value.games;
};

const houseGame = async (gameId: string): Promise<GameCard> => {
  const game = (await gamesOf('vassalage=HOUSE')).find((card) => card.gameId === gameId);
  if (!game) throw new Error(`the seed has no house game ${gameId}`);
  return game;
};

const setGameMaintenance = async (nodeId: number, maintenance: boolean) => {
  const response = await fetch(`${baseUrl()}/ops/games/${nodeId}/maintenance`, {
    method: 'PUT',
    headers: {
      authorization: `Bearer ${inject('operatorKey')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ maintenance, reason: 'end-to-end test' }),
  });
  if (!response.ok) throw new Error(`ops maintenance failed: ${response.status}`);
};

/**
 * Announcements pop up once a session (a new member's first-login ones too) and may arrive over
 * the page at any moment; a visitor closes them and carries on, and so do these journeys.
 */
const closeAnnouncements = async (page: Page): Promise<Page> => {
  await page.addLocatorHandler(page.getByTestId('modal-announcementModal'), async () => {
    // Clicked in the page: a locator action here would wait on this very handler.
    await page.evaluate(() => {
      document
        .querySelector<HTMLElement>(
          '[data-testid="modal-announcementModal"] [data-testid="modal-close"]',
        )
        ?.click();
    });
  });
  return page;
};

const card = (page: Page, nodeId: number) => page.getByTestId(`game-card-${nodeId}`).first();

describe('games on the site', () => {
  it('shows a guest who starts a game the login popup', async () => {
    const page = await closeAnnouncements(await openPageFrom(browser(), newIp(), '/'));
    const hot = page.getByTestId('home-games-HOT').getByTestId('game-card-start').first();
    await hot.click();
    await page.getByTestId('modal-loginPopupModal').waitFor();
    expect(pathOf(page)).toBe('/login');

    await page.goto(`${baseUrl()}/rng`);
    await page.getByTestId('lobby-classify-FAV').click();
    await page.getByTestId('modal-loginPopupModal').waitFor();
    await page.context().close();
  });

  it("opens a vendor's game list from its card on home, for a guest too", async () => {
    const page = await closeAnnouncements(await openPageFrom(browser(), newIp(), '/'));
    await page.getByTestId('vendor-card-PG').click();
    const popup = page.getByTestId('modal-vendorGames');
    await popup.getByTestId('vendor-games').waitFor();
    const vendors = await popup.locator('[data-testid^="game-card-"] p').allTextContents();
    expect(vendors.length).toBeGreaterThan(0);
    expect(new Set(vendors)).toEqual(new Set(['PG Soft']));
    expect(pathOf(page)).toBe('/');
    await page.context().close();
  });

  it("keeps a member's favourite under FAV on home and in the lobby", async () => {
    const page = await closeAnnouncements((await registeredMember(browser(), 'fav')).page);
    const game = (await gamesOf('gameType=RNG&vassalage=PG'))[3];
    if (!game) throw new Error('the seed has PG slots');
    await page.goto(`${baseUrl()}/rng?vendor=PG`);
    const heart = card(page, game.nodeId).getByTestId('game-card-favourite');
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');

    await page.goto(`${baseUrl()}/`);
    const favSection = page.getByTestId('home-section-FAV');
    await favSection.getByTestId(`game-card-${game.nodeId}`).waitFor();

    await page.goto(`${baseUrl()}/rng`);
    await page.getByTestId('lobby-classify-FAV').click();
    const panel = page.getByTestId('lobby-panel-FAV');
    await panel.getByTestId(`game-card-${game.nodeId}`).waitFor();
    expect(
      await panel.getByTestId('game-card-favourite').first().getAttribute('aria-pressed'),
    ).toBe('true');
    await page.context().close();
  });

  it('finds a game by part of its name in another letter case', async () => {
    const page = await closeAnnouncements(await openPageFrom(browser(), newIp(), '/rng'));
    const game = (await gamesOf('gameType=RNG&pageNo=4'))[5];
    if (!game) throw new Error('the seed has RNG games');
    const words = game.gameName.split(' ');
    const part = (words.length > 1 ? `${words[0]} ${words[1]?.slice(0, 3)}` : game.gameName)
      .split('')
      .map((letter, index) => (index % 2 ? letter.toUpperCase() : letter.toLowerCase()))
      .join('');
    await page.getByTestId('lobby-search-input').fill(`  ${part} `);
    await page.getByTestId('lobby-search-submit').click();
    await page.getByTestId('lobby-games').getByTestId(`game-card-${game.nodeId}`).waitFor();
    const names = await page.getByTestId('lobby-games').locator('h3').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name.toLowerCase()).toContain(part.trim().toLowerCase());

    await page.goto(`${baseUrl()}/?search=${encodeURIComponent(part.toUpperCase())}`);
    await page.getByTestId('search-view').getByTestId(`game-card-${game.nodeId}`).waitFor();
    await page.context().close();
  });

  it("refuses a trial member a game without free play with 'in_need_true_account'", async () => {
    const page = await closeAnnouncements(await openPageFrom(browser(), newIp(), '/login'));
    await page.getByTestId('modal-loginPopupModal').getByTestId('login-freeplay').click();
    await expect.poll(() => textOf(page, 'header-account')).toMatch(/Trial/);
    await page.goto(`${baseUrl()}/rng`);
    // A game that offers free play starts with the trial's play money (decision 017).
    const realMoneyOnly = page
      .getByTestId('lobby-games')
      .locator('article[data-testid^="game-card-"]:not(:has([data-testid="game-card-trial"]))');
    await realMoneyOnly.first().getByTestId('game-card-start').click();
    await expect.poll(() => textOf(page, 'real-account-notice')).toBe(NEED_REAL_ACCOUNT);
    await page.context().close();
  });

  it('suggests hot games for a game under maintenance', async () => {
    const dice = await houseGame('lanna-dice');
    await setGameMaintenance(dice.nodeId, true);
    try {
      const page = await closeAnnouncements((await registeredMember(browser(), 'maint')).page);
      await page.goto(`${baseUrl()}/rng?vendor=HOUSE`);
      const target = card(page, dice.nodeId);
      await expect.poll(() => target.getAttribute('data-maintenance')).toBe('true');
      await target.getByTestId('game-card-start').click();
      const dialog = page.getByTestId('modal-gameMaintenance');
      await dialog.getByTestId('suggested-games').waitFor();
      const suggested = dialog.locator('[data-testid^="game-card-"][data-maintenance="false"]');
      await expect.poll(() => suggested.count()).toBeGreaterThan(0);
      expect(await dialog.locator('[data-maintenance="true"]').count()).toBe(0);
      await page.context().close();
    } finally {
      await setGameMaintenance(dice.nodeId, false);
    }
  });

  it('opens the house slot from the RNG lobby in a window of its own', async () => {
    const slot = await houseGame('lanna-slot');
    const page = await closeAnnouncements((await registeredMember(browser(), 'slot')).page);
    await page.goto(`${baseUrl()}/rng?vendor=HOUSE`);
    const opened = page.context().waitForEvent('page');
    await card(page, slot.nodeId).getByTestId('game-card-start').click();
    const game = await opened;
    await expect.poll(() => game.url()).toContain('/games/lanna-slot');
    expect(new URL(game.url()).searchParams.get('mode')).toBe('real');
    await game.waitForLoadState('load');
    expect(await game.evaluate(() => window.opener === null)).toBe(true);
    await page.goto(`${baseUrl()}/`);
    await page.getByTestId('home-section-RECENT').getByTestId(`game-card-${slot.nodeId}`).waitFor();
    await page.context().close();
  });
});
