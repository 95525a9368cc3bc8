import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';

/** An amount as shown (฿ 1,234.56, -5.00, +2.50 THB) in minor units; -1 when there is none. */
export const minorOf = (text: string): bigint => {
  const match = /(-?)([0-9][0-9,]*)\.([0-9]{2})/.exec(text);
  if (!match) return -1n;
  const value = BigInt(`${match[2]!.replace(/,/g, '')}${match[3]!}`);
  return match[1] ? -value : value;
};

/**
 * One spin of the house slot's page at the smallest stake, from a balance of `beforeMinor`:
 * waits for the settled round ("Stake 1.00 THB, win 0.00 THB", the vendor's own account of it)
 * and for the page's balance to have moved by the stake and the win.
 */
export const spinSlot = async (game: Page, beforeMinor: bigint) => {
  await game.locator('#stake').selectOption({ index: 0 });
  await game.locator('#play').click();
  const message = game.locator('#message');
  await expect.poll(() => message.innerText()).toMatch(/^Stake .+, win .+$/);
  const [stakeText, winText] = (await message.innerText()).split(', win ');
  const stakeMinor = minorOf(stakeText!);
  const winMinor = minorOf(winText!);
  expect(stakeMinor).toBe(100n);
  expect(winMinor).toBeGreaterThanOrEqual(0n);
  const afterMinor = beforeMinor - stakeMinor + winMinor;
  await expect
    .poll(async () => minorOf(await game.locator('#balance').innerText()))
    .toBe(afterMinor);
  return { stakeMinor, winMinor, afterMinor };
};

/**
 * Starts the house slot from the RNG lobby as a member would: the vendor menu's house vendor,
 * then the game card; the game opens in a window of its own.
 */
export const openSlotFromLobby = async (page: Page): Promise<Page> => {
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
