// Proves a real-money spin end to end (issue 5, Acceptance): a member opens the house slot from
// the RNG lobby; the slot runs in its own process and moves money only through the platform's
// vendor wallet API; one spin changes the header balance by exactly the stake and the win, and
// the round then shows in the betting record and in profit and loss with the same figures.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { registeredMember, textOf } from './support/accounts.ts';
import { useBrowser } from './support/browser.ts';
import { creditMember } from './support/ops.ts';

const browser = useBrowser();

/** An amount as shown (฿ 1,234.56, -5.00, +2.50 THB) in minor units; -1 when there is none. */
const minorOf = (text: string): bigint => {
  const match = /(-?)([0-9][0-9,]*)\.([0-9]{2})/.exec(text);
  if (!match) return -1n;
  const value = BigInt(`${match[2]!.replace(/,/g, '')}${match[3]!}`);
  return match[1] ? -value : value;
};

const headerMinor = async (page: Page): Promise<bigint> =>
  minorOf(await textOf(page, 'header-balance-amount'));

/**
 * Starts the house slot from the RNG lobby as a member would: the vendor menu's house vendor,
 * then the game card; the game opens in a window of its own.
 */
const openSlotFromLobby = async (page: Page): Promise<Page> => {
  await page.goto(new URL('/rng', page.url()).href);
  await page.getByTestId('lobby-RNG').waitFor();
  await page.getByTestId('lobby-vendor-HOUSE').click();
  const card = page.getByTestId(/^game-card-\d+$/).filter({ hasText: 'Lanna Fortune Reels' });
  const opened = page.context().waitForEvent('page');
  await card.getByTestId('game-card-start').click();
  const game = await opened;
  await expect.poll(() => new URL(game.url()).origin).toBe(inject('houseVendorUrl'));
  expect(new URL(game.url()).pathname).toBe('/games/lanna-slot');
  return game;
};

describe('a spin of the house slot', () => {
  it('moves the balance by the stake and the win, and shows in the records', async () => {
    const { page, username } = await registeredMember(browser(), 'spin');
    await creditMember('lanna', username, '50000');
    await page.getByTestId('header-balance-refresh').click();
    await expect.poll(() => headerMinor(page)).toBe(50_000n);

    const game = await openSlotFromLobby(page);
    await expect.poll(() => game.locator('#balance').innerText()).toContain('500.00');
    await game.locator('#stake').selectOption({ index: 0 });
    await game.locator('#play').click();
    // "Stake 1.00 THB, win 0.00 THB": the vendor's own account of the settled round.
    const message = game.locator('#message');
    await expect.poll(() => message.innerText()).toMatch(/^Stake .+, win .+$/);
    const [stakeText, winText] = (await message.innerText()).split(', win ');
    const stakeMinor = minorOf(stakeText!);
    const winMinor = minorOf(winText!);
    expect(stakeMinor).toBe(100n);
    expect(winMinor).toBeGreaterThanOrEqual(0n);
    const after = 50_000n - stakeMinor + winMinor;
    await expect.poll(async () => minorOf(await game.locator('#balance').innerText())).toBe(after);

    await page.bringToFront();
    await page.getByTestId('header-balance-refresh').click();
    await expect.poll(() => headerMinor(page)).toBe(after);

    // The betting record, from the header's account menu.
    await page.getByTestId('header-account').click();
    await page.getByTestId('header-menu-bettingRecord').click();
    const rows = page.getByTestId('betting-record-row');
    await expect.poll(() => rows.count()).toBe(1);
    const row = await rows.first().innerText();
    expect(row).toContain('Lanna House Games');
    expect(row).toContain('Settled');
    expect(minorOf(await textOf(page, 'betting-record-totals-bet'))).toBe(stakeMinor);
    expect(minorOf(await textOf(page, 'betting-record-totals-validBet'))).toBe(stakeMinor);
    expect(minorOf(await textOf(page, 'betting-record-totals-win'))).toBe(winMinor);
    expect(minorOf(await textOf(page, 'betting-record-totals-profit'))).toBe(winMinor - stakeMinor);

    // Profit and loss ('my income'): the same round under Slots and under today.
    await page.getByTestId('member-tab-myIncome').click();
    const categories = page.getByTestId('profit-loss-categories-row');
    await expect.poll(() => categories.count()).toBe(1);
    expect(await categories.first().innerText()).toContain('Slots');
    expect(await page.getByTestId('profit-loss-days-row').count()).toBe(1);
    expect(minorOf(await textOf(page, 'profit-loss-totals-profit'))).toBe(winMinor - stakeMinor);
  });
});
