// Proves the first thing a visitor does: registers by username in the register popup, is signed
// in at once, logs out through the confirm dialog, and logs in again with the same credentials.
import { describe, expect, it } from 'vitest';
import {
  LANNA_PASSWORD,
  expectSignedInAs,
  logout,
  pathOf,
  registeredMember,
  submitLogin,
} from './support/accounts.ts';
import { useBrowser } from './support/browser.ts';

const browser = useBrowser();

describe('register, log out, log in', () => {
  it('signs a new member in after registration, out after confirming, and in again', async () => {
    const { page, username } = await registeredMember(browser(), 'reg');
    expect(pathOf(page)).toBe('/');
    expect(await page.getByTestId('modal-registerPopupModal').count()).toBe(0);

    await logout(page);
    expect(await page.getByTestId('header-account-name').count()).toBe(0);
    // The session ends with the token; the merchant value survives (spec section 4).
    expect(
      await page.evaluate(() => [
        sessionStorage.getItem('token'),
        sessionStorage.getItem('merchant'),
      ]),
    ).toEqual([null, 'lanna']);

    await submitLogin(page, username, LANNA_PASSWORD);
    await expectSignedInAs(page, username);
    await expect.poll(() => pathOf(page)).toBe('/');
    expect(await page.getByTestId('modal-loginPopupModal').count()).toBe(0);
    await page.context().close();
  });
});
