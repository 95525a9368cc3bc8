// Proves social login in the browser with the local OpenID provider the server mounts: the
// login popup's button, the provider's own sign-in page, the way back to the site, and the
// member signed in on the home page; and that a declined sign-in says so on the callback page.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('social login', () => {
  it('signs in with the local provider from the login popup and lands home logged in', async () => {
    const page = await openPage(browser, '/login');
    await page.getByTestId('social-login-local').click();
    await page.waitForURL(/\/local-oidc\/interaction\//);
    await page.getByTestId('local-oidc-name').fill('Kanya Social');
    await page.getByTestId('local-oidc-allow').click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect
      .poll(() => page.getByTestId('header-account-name').textContent())
      .toMatch(/^kanyas[0-9]{6}$/);
    // The session came in a response body: no token or code is left in the address.
    expect(page.url()).not.toMatch(/code=|token=/);
    await page.context().close();
  });

  it('says the provider refused when the person denies', async () => {
    const page = await openPage(browser, '/login');
    await page.getByTestId('social-login-local').click();
    await page.waitForURL(/\/local-oidc\/interaction\//);
    await page.getByTestId('local-oidc-deny').click();
    await page.waitForURL(/\/social\/callback/);
    await expect
      .poll(() => page.getByTestId('social-callback-error').textContent())
      .toContain('cancelled or refused by the provider');
    expect(await page.getByTestId('header-login').count()).toBe(1);
    await page.context().close();
  });
});
