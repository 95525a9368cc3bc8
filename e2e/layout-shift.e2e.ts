// Proves that nothing moves under a phone user's eyes while a page loads: the layout shifts
// Chromium reports from navigation until the page is quiet add up to at most 0.02 (the
// Lighthouse goal of issue 29) on home, a category lobby and the member centre.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registeredMember } from './support/accounts.ts';
import { baseUrl, useBrowser } from './support/browser.ts';

const browser = useBrowser();

const PHONE = { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true };

/** Counts every shift of the next document the page loads, as Lighthouse does (no input). */
const watchShifts = (page: Page) =>
  page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });

const shiftAfterLoading = async (page: Page, path: string, readyTestId: string) => {
  await page.goto(new URL(path, baseUrl()).href, { waitUntil: 'networkidle' });
  await page.getByTestId(readyTestId).waitFor();
  // What arrives after the first answers (live figures, game art) has landed by then.
  await page.waitForTimeout(1500);
  return page.evaluate(() =>
    (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((a, b) => a + b, 0),
  );
};

describe('loading a page on a phone', () => {
  it('moves nothing on home and a lobby for a guest', async () => {
    const context = await browser().newContext(PHONE);
    const page = await context.newPage();
    await watchShifts(page);
    expect(await shiftAfterLoading(page, '/', 'home-page')).toBeLessThanOrEqual(0.02);
    expect(await shiftAfterLoading(page, '/rng', 'lobby-RNG')).toBeLessThanOrEqual(0.02);
    await context.close();
  });

  it('moves nothing on home when the merchant has winners to show', async () => {
    const context = await browser().newContext(PHONE);
    const page = await context.newPage();
    // Whether this run's journeys have won yet is chance: the board is given, as the server
    // would answer it, so the winners' row always arrives after the first paint here.
    const winner = (index: number) => ({
      vo: {
        customerName: `pl***${index}`,
        winAmountMinor: '123400',
        gameName: 'Lanna Fortune Reels',
        iconUrl: '/media/none.png',
        gameId: '1',
        gameType: 'RNG',
        vassalage: 'HOUSE',
        wonAt: new Date().toISOString(),
      },
    });
    await page.route('**/lgw/live/winners?*', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          success: true,
          code: 'OK',
          message: 'ok',
          value: {
            currency: 'THB',
            currencySymbol: '฿',
            currencyDecimals: 2,
            list: Array.from({ length: 8 }, (_, index) => winner(index)),
          },
        }),
      }),
    );
    await watchShifts(page);
    expect(await shiftAfterLoading(page, '/', 'home-page')).toBeLessThanOrEqual(0.02);
    await context.close();
  });

  it('moves nothing on the member centre for a signed-in member', async () => {
    const { page } = await registeredMember(browser(), 'shift');
    await page.setViewportSize(PHONE.viewport);
    await watchShifts(page);
    expect(await shiftAfterLoading(page, '/member', 'page-member')).toBeLessThanOrEqual(0.02);
    await page.context().close();
  });
});
