// Proves the login captcha of spec section 7: none for the first failures, the captcha from the
// configured number of failures on (LOGIN_CAPTCHA_AFTER, 3 by default), a wrong answer refused
// with a new captcha, and the right answer with the right password signing the member in. The
// end-to-end server draws every captcha with one known text (CAPTCHA_FIXED_ANSWER).
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  LANNA_PASSWORD,
  expectSignedInAs,
  logout,
  registeredMember,
  textOf,
} from './support/accounts.ts';
import { useBrowser } from './support/browser.ts';

const browser = useBrowser();

const CAPTCHA_AFTER = 3;

/** Submits the login popup and waits for the server's answer to it. */
const attempt = async (page: Page, username: string, password: string, captcha?: string) => {
  const popup = page.getByTestId('modal-loginPopupModal');
  await popup.getByTestId('login-username').fill(username);
  await popup.getByTestId('login-password').fill(password);
  if (captcha !== undefined) await popup.getByTestId('login-captcha').fill(captcha);
  const answered = page.waitForResponse((response) =>
    response.url().endsWith('/wps/session/login'),
  );
  await popup.getByTestId('login-submit').click();
  await answered;
};

const captchaImage = (page: Page) =>
  page.getByTestId('login-captcha-refresh').locator('img').getAttribute('src');

describe('login captcha', () => {
  it('appears after the configured number of failures and then lets the member in', async () => {
    const { page, username } = await registeredMember(browser(), 'cap');
    await logout(page);
    await page.goto(new URL('/login', page.url()).href);

    for (let failure = 1; failure <= CAPTCHA_AFTER; failure += 1) {
      expect(await page.getByTestId('login-captcha').count()).toBe(0);
      await attempt(page, username, `Wrong@${failure}pass`);
      await expect.poll(() => textOf(page, 'login-error')).toBe('Wrong account or password.');
    }
    await expect.poll(() => captchaImage(page)).toMatch(/^data:image\/svg\+xml;base64,/);
    const firstImage = await captchaImage(page);

    await attempt(page, username, LANNA_PASSWORD, 'nope9');
    await expect
      .poll(() => textOf(page, 'login-error'))
      .toBe('The captcha is wrong or has expired. Please enter the new one.');
    await expect.poll(() => captchaImage(page)).not.toBe(firstImage);

    await attempt(page, username, LANNA_PASSWORD, inject('captchaAnswer'));
    await expectSignedInAs(page, username);
    await page.context().close();
  });
});
