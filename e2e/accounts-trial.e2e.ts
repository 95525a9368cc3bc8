// Proves the trial account of spec section 6 and issue 29 item 5: free play from the login popup
// signs a visitor in as a trial member with the merchant's play money (decision 017), which
// plays the house slot to a settled spin; a real-money action still shows
// 'in_need_true_account' instead of running.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { pathOf, textOf } from './support/accounts.ts';
import { newIp, openPageFrom, useBrowser } from './support/browser.ts';
import { minorOf, spinSlot } from './support/house-slot.ts';

const browser = useBrowser();

const NEED_REAL_ACCOUNT = 'Please register or log in to a real account to continue.';

/** Free play from the login popup: the visitor is a trial member on the home page. */
const startFreePlay = async (): Promise<Page> => {
  const page = await openPageFrom(browser(), newIp(), '/login');
  await page.getByTestId('modal-loginPopupModal').getByTestId('login-freeplay').click();
  await expect.poll(() => textOf(page, 'header-account')).toMatch(/Trial/);
  expect(pathOf(page)).toBe('/');
  return page;
};

describe('trial member', () => {
  it('is told to use a real account when starting a deposit or a withdrawal', async () => {
    const page = await startFreePlay();
    for (const action of ['header-deposit', 'header-withdraw']) {
      await page.getByTestId(action).click();
      const notice = page.getByTestId('modal-realAccountModal');
      await expect.poll(() => textOf(page, 'real-account-notice')).toBe(NEED_REAL_ACCOUNT);
      expect(pathOf(page)).toBe('/');
      await notice.getByTestId('real-account-confirm').click();
      await expect.poll(() => notice.count()).toBe(0);
    }
    await page.context().close();
  });

  it('reaches a spinning slot with play money from free play in the login popup', async () => {
    const page = await startFreePlay();
    // The merchant's play money (2,000.00 unless an operator changed it), named as play money.
    await expect.poll(() => textOf(page, 'header-balance-label')).toBe('Play money');
    await expect
      .poll(async () => minorOf(await textOf(page, 'header-balance-amount')))
      .toBe(200_000n);

    await page.goto(new URL('/rng', page.url()).href);
    await page.getByTestId('lobby-RNG').waitFor();
    await page.getByTestId('lobby-vendor-HOUSE').click();
    const card = page.getByTestId(/^game-card-\d+$/).filter({ hasText: 'Lanna Fortune Reels' });
    const opened = page.context().waitForEvent('page');
    await card.getByTestId('game-card-start').click();
    expect(await page.getByTestId('modal-realAccountModal').count()).toBe(0);
    const game = await opened;
    await expect.poll(() => new URL(game.url()).origin).toBe(inject('houseVendorUrl'));
    expect(new URL(game.url()).pathname).toBe('/games/lanna-slot');

    // The slot plays the trial's play money, through the platform's wallet, and says so.
    await expect
      .poll(async () => minorOf(await game.locator('#balance').innerText()))
      .toBe(200_000n);
    expect(await game.locator('#mode').innerText()).toBe('(free play: play money)');
    const { afterMinor: after } = await spinSlot(game, 200_000n);

    await page.bringToFront();
    await page.getByTestId('header-balance-refresh').click();
    await expect.poll(async () => minorOf(await textOf(page, 'header-balance-amount'))).toBe(after);
    await page.context().close();
  });
});
