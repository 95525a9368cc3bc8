// Proves the site shell a visitor first meets: header, clock in GMT+7, language and theme
// that survive a reload, and the login guard on member-only routes.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredMember } from './support/accounts.ts';
import { launchBrowser, openPage } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const bangkokClock = (at: number): string => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Bangkok',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.month}/${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
};

describe('site shell', () => {
  it('renders the header, side menu and footer on the home page', async () => {
    const page = await openPage(browser, '/');
    await expect.poll(() => page.getByTestId('brand-name').first().textContent()).toBe('Lanna');
    expect(await page.getByTestId('side-menu').count()).toBe(1);
    expect(await page.locator('footer').count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it('offers a guest the app download in the phone header, on the language row', async () => {
    const page = await openPage(browser, '/', { viewport: { width: 390, height: 844 } });
    const download = page.getByTestId('header-download');
    await download.waitFor();
    expect(await download.isVisible()).toBe(true);
    const box = await download.boundingBox();
    const language = await page.locator('header select').boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    // On the row of the language and theme, not wrapped onto one of its own.
    expect(box && language && Math.abs(box.y - language.y)).toBeLessThan(8);
    await page.context().close();
  });

  it('keeps the whole logo in view beside the balance for a signed-in member on a phone', async () => {
    const { page } = await registeredMember(browser, 'logo');
    for (const width of [390, 360]) {
      await page.setViewportSize({ width, height: 844 });
      const emblem = await page
        .locator('header a[href="/"] span[aria-hidden="true"]')
        .first()
        .boundingBox();
      const balance = await page.getByTestId('header-balance').boundingBox();
      expect(emblem).toMatchObject({ width: 32, height: 32 });
      expect(emblem && balance && emblem.x + emblem.width).toBeLessThanOrEqual(balance?.x ?? 0);
      expect(balance && balance.y).toBeLessThan(56);
    }
    await page.context().close();
  });

  it('offers a way back to the top once the page has scrolled past its first screen', async () => {
    const page = await openPage(browser, '/', { viewport: { width: 390, height: 844 } });
    const toTop = page.getByTestId('go-to-top');
    await page.getByTestId('banner-carousel').waitFor();
    expect(await toTop.getAttribute('data-visible')).toBe('false');
    await page.mouse.wheel(0, 1600);
    await expect.poll(() => toTop.getAttribute('data-visible')).toBe('true');
    await toTop.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect.poll(() => toTop.getAttribute('data-visible')).toBe('false');
    await page.context().close();
  });

  it('shows the clock in GMT+7 and ticks every second, whatever the browser zone', async () => {
    const page = await openPage(browser, '/', { timezoneId: 'America/New_York' });
    const clock = page.getByTestId('header-clock');
    await clock.waitFor();
    const first = (await clock.textContent())?.trim() ?? '';
    const now = Date.now();
    const candidates = [-2000, -1000, 0, 1000].map((offset) => bangkokClock(now + offset));
    expect(candidates).toContain(first);
    await expect
      .poll(async () => (await clock.textContent())?.trim(), { timeout: 3000 })
      .not.toBe(first);
    await page.context().close();
  });

  it('switches language and keeps it after a reload', async () => {
    const page = await openPage(browser, '/');
    const select = page.getByTestId('language-select');
    await select.waitFor();
    const englishTitle = await page.getByTestId('side-menu').innerText();
    await select.selectOption('TH');
    await expect.poll(() => page.getByTestId('side-menu').innerText()).not.toBe(englishTitle);
    const thaiTitle = await page.getByTestId('side-menu').innerText();
    expect(thaiTitle).toMatch(/[\u0e00-\u0e7f]/);
    await page.reload();
    await expect.poll(() => page.getByTestId('side-menu').innerText()).toBe(thaiTitle);
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('TH');
    await page.context().close();
  });

  it('keeps the chosen theme after a reload', async () => {
    const page = await openPage(browser, '/');
    const readTheme = () => page.evaluate(() => document.documentElement.dataset.theme);
    const before = await readTheme();
    await page.getByTestId('theme-toggle').click();
    await expect.poll(readTheme).not.toBe(before);
    const chosen = await readTheme();
    await page.reload();
    expect(await readTheme()).toBe(chosen);
    await page.context().close();
  });

  it('sends a guest who opens a member-only route to /login', async () => {
    for (const path of ['/member', '/lottery?gameCode=VN1', '/favorite']) {
      const page = await openPage(browser, path);
      await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
      await page.context().close();
    }
  });

  it('serves every route of the spec in history mode', async () => {
    const page = await openPage(browser, '/rng');
    await page.getByTestId('side-menu').waitFor();
    expect(new URL(page.url()).pathname).toBe('/rng');
    await page.context().close();
  });
});
