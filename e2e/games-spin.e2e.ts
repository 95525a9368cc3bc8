// Proves a real-money spin end to end (issue 5, Acceptance): a member opens the house slot from
// the RNG lobby; the slot runs in its own process and moves money only through the platform's
// vendor wallet API; one spin changes the header balance by exactly the stake and the win, and
// the round then shows in the betting record and in profit and loss with the same figures.
// The house games' pages (issue 29): a way back to the lobby, round times in the merchant's
// zone, only the page's own game in its round list, play by keyboard and touch, sound off
// until chosen and remembered, 44 px targets, and no serious or critical axe violation.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { registeredMember, textOf } from './support/accounts.ts';
import { checkPageNow } from './support/accessibility.ts';
import { baseUrl, openPage, useBrowser } from './support/browser.ts';
import { minorOf, openSlotFromLobby, spinSlot } from './support/house-slot.ts';
import { creditMember } from './support/ops.ts';

const browser = useBrowser();

/** A round time as the game page shows it in the demo merchant's zone (Asia/Bangkok). */
const BANGKOK_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \(GMT\+7\)$/;

const headerMinor = async (page: Page): Promise<bigint> =>
  minorOf(await textOf(page, 'header-balance-amount'));

describe('a spin of the house slot', () => {
  it('moves the balance by the stake and the win, and shows in the records', async () => {
    const { page, username } = await registeredMember(browser(), 'spin');
    await creditMember('lanna', username, '50000');
    await page.getByTestId('header-balance-refresh').click();
    await expect.poll(() => headerMinor(page)).toBe(50_000n);

    const game = await openSlotFromLobby(page);
    await expect.poll(() => game.locator('#balance').innerText()).toContain('500.00');
    const { stakeMinor, winMinor, afterMinor: after } = await spinSlot(game, 50_000n);
    // The page's own account: one round, at the merchant's clock; the way back to the lobby.
    const times = game.locator('#rounds time');
    await expect.poll(() => times.count()).toBe(1);
    expect(await times.first().innerText()).toMatch(BANGKOK_TIME);
    expect(await game.locator('a#back').getAttribute('href')).toBe(
      new URL('/rng?vendor=HOUSE', page.url()).href,
    );
    await checkPageNow(game);

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

/** A free-play launch of a house game, as the platform answers a guest. */
const freePlayUrl = async (gameCode: string): Promise<string> => {
  const response = await fetch(
    `${baseUrl()}/wps/game/launchGame/free?vassalage=HOUSE&gameCode=${gameCode}`,
  );
  const body = (await response.json()) as { value: { url: string } };
  return body.value.url;
};

describe('the house game pages', () => {
  it('play by keyboard and touch, keep sound off until chosen, and pass axe', async () => {
    for (const gameCode of ['lanna-slot', 'lanna-dice', 'lanna-scratch']) {
      const game = await openPage(browser(), await freePlayUrl(gameCode), {
        viewport: { width: 390, height: 844 },
        hasTouch: true,
        isMobile: true,
      });
      await expect.poll(() => game.locator('#balance').innerText()).toMatch(/[0-9]/);
      expect(await game.locator('a#back').getAttribute('href')).toBe(
        `${baseUrl()}/rng?vendor=HOUSE`,
      );
      // Space plays when no control has the focus.
      await game.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await game.keyboard.press('Space');
      const message = game.locator('#message');
      if (gameCode === 'lanna-scratch') {
        // The card keeps its win to itself until it is scratched: no result, no round yet.
        await expect.poll(() => message.innerText()).toBe('Scratch the cells, or reveal them all.');
        expect(await game.locator('#rounds time').count()).toBe(0);
        const cell = game.locator('.scratch-cell').first();
        await cell.tap();
        await expect
          .poll(() => cell.locator('svg[role="img"]').getAttribute('aria-label'))
          .toMatch(/times the stake$/);
        expect(await message.innerText()).toBe('Scratch the cells, or reveal them all.');
        await game.locator('#reveal-all').tap();
      }
      await expect.poll(() => message.innerText()).toMatch(/^Stake .+, win .+$/);
      // Only this game's round, at the merchant's clock.
      const times = game.locator('#rounds time');
      await expect.poll(() => times.count()).toBe(1);
      expect(await times.first().innerText()).toMatch(BANGKOK_TIME);
      // Every control is big enough for a finger.
      const small: string[] = await game
        .locator('button:visible, select:visible, input:visible, a.back, a.text-link')
        .evaluateAll((elements: HTMLElement[]) =>
          elements
            .filter((element) => {
              const box = element.getBoundingClientRect();
              return box.width < 44 || box.height < 44;
            })
            .map((element) => element.id || element.outerHTML.slice(0, 60)),
        );
      expect(small).toEqual([]);
      await checkPageNow(game);
      // Sound is off at first; the choice holds after a reload.
      const toggle = game.locator('#sound');
      expect(await toggle.getAttribute('aria-pressed')).toBe('false');
      await toggle.tap();
      expect(await toggle.getAttribute('aria-pressed')).toBe('true');
      await game.reload();
      await expect.poll(() => game.locator('#sound').getAttribute('aria-pressed')).toBe('true');
      await game.context().close();
    }
    const verify = await openPage(browser(), `${inject('houseVendorUrl')}/verify`);
    await checkPageNow(verify);
    await verify.context().close();
  });
});
