// Proves that one installation serves several brands: each merchant's domain shows its own
// brand, and its maintenance and region settings decide what its visitors see.
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, siteUrl } from './support/browser.ts';
import { OPEN_ACCESS, setAccess } from './support/ops.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});
afterEach(async () => {
  await setAccess('lanna', OPEN_ACCESS);
  await setAccess('siam', OPEN_ACCESS);
});

describe('merchants', () => {
  it("shows each merchant's own brand on its own domain", async () => {
    const lanna = await openPage(browser, siteUrl('lanna.localhost'));
    await expect.poll(() => lanna.getByTestId('brand-name').first().textContent()).toBe('Lanna');
    const siam = await openPage(browser, siteUrl('siam.localhost'));
    await expect
      .poll(() => siam.getByTestId('brand-name').first().textContent())
      .toBe('Siam Royal');
    expect(await siam.title()).toContain('Siam Royal');
    const stored = await siam.evaluate(() => [
      sessionStorage.getItem('merchant'),
      localStorage.getItem('merchant'),
    ]);
    expect(stored).toEqual(['siam', 'siam']);
    await lanna.context().close();
    await siam.context().close();
  });

  it('shows the maintenance screen while the merchant is under maintenance', async () => {
    const endsAt = new Date(Date.now() + 2 * 3600_000).toISOString();
    await setAccess('siam', {
      ...OPEN_ACCESS,
      maintenance: { enabled: true, startsAt: null, endsAt },
    });
    const siam = await openPage(browser, siteUrl('siam.localhost'));
    await siam.getByTestId('maintenance-screen').waitFor();
    const lanna = await openPage(browser, siteUrl('lanna.localhost'));
    await lanna.getByTestId('side-menu').waitFor();
    expect(await lanna.getByTestId('maintenance-screen').count()).toBe(0);
    await siam.context().close();
    await lanna.context().close();
  });

  it("shows the region-block screen with the visitor's IP when the IP is blocked", async () => {
    await setAccess('siam', {
      ...OPEN_ACCESS,
      regionRestriction: { enabled: true, countries: [], cidrs: ['127.0.0.0/8', '::1/128'] },
    });
    const siam = await openPage(browser, siteUrl('siam.localhost'));
    const screen = siam.getByTestId('blocked-screen');
    await screen.waitFor();
    expect(await screen.innerText()).toMatch(/127\.0\.0\.1|::1/);
    await siam.context().close();
  });
});
