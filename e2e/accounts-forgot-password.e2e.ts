// Proves both ways back into an account from the forgot-password popup (spec section 4): by
// phone, the SMS code from the outbox and a new password sign the member in and go home; by
// e-mail, the reset code reaches the local SMTP server the tests run, and with it the new
// password signs the member in too.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectSignedInAs,
  logout,
  newMobile,
  newUsername,
  pathOf,
  registeredMember,
  textOf,
} from './support/accounts.ts';
import { useBrowser } from './support/browser.ts';
import { mailCode, smsCode, thaiE164 } from './support/codes.ts';

const browser = useBrowser();

const NEW_PASSWORD = 'Reset@2026y';

/** From the login popup's 'forgot password' link to the forgot-password popup. */
const openForgotPopup = async (page: Page) => {
  await page.goto(new URL('/login', page.url()).href);
  await page.getByTestId('modal-loginPopupModal').getByTestId('login-forgot').click();
  return page.getByTestId('modal-forgetPassModal');
};

/** The reset step both tabs end with: the code, the new password twice, and submit. */
const submitReset = async (popup: ReturnType<Page['getByTestId']>, code: string) => {
  await popup.getByTestId('forgot-code').fill(code);
  await popup.getByTestId('forgot-new-password').fill(NEW_PASSWORD);
  await popup.getByTestId('forgot-confirm-password').fill(NEW_PASSWORD);
  await popup.getByTestId('forgot-submit').click();
};

describe('forgot password', () => {
  it('by phone: the SMS code and a new password log the member in and go home', async () => {
    const mobile = newMobile();
    const { page, username } = await registeredMember(browser(), 'fph', { mobile });
    await logout(page);

    const popup = await openForgotPopup(page);
    await popup.getByTestId('forgot-tab-mobile').click();
    await popup.getByTestId('forgot-mobile').fill(mobile);
    await popup.getByTestId('forgot-send-code').click();
    await submitReset(popup, await smsCode('lanna', thaiE164(mobile)));

    await expectSignedInAs(page, username);
    await expect.poll(() => popup.count()).toBe(0);
    expect(pathOf(page)).toBe('/');
    await page.context().close();
  });

  it('by e-mail: the code reaches the local SMTP server and resets the password', async () => {
    const email = `${newUsername('fem')}@mail.lanna.test`;
    const { page, username } = await registeredMember(browser(), 'fem', { email });
    await logout(page);

    const popup = await openForgotPopup(page);
    await popup.getByTestId('forgot-tab-email').click();
    await popup.getByTestId('forgot-username').fill(username);
    await popup.getByTestId('forgot-email').fill(email);
    await popup.getByTestId('forgot-submit').click();
    await expect
      .poll(() => textOf(page, 'forgot-email-sent'))
      .toContain('a reset code is on its way to that e-mail address');
    await page.getByTestId('forgot-email-sent-confirm').click();

    const { mail, code } = await mailCode(email);
    expect(mail.to).toEqual([email]);
    expect(mail.raw).toMatch(/^Subject: LANNA password reset code$/m);
    await submitReset(popup, code);

    await expectSignedInAs(page, username);
    await expect.poll(() => popup.count()).toBe(0);
    expect(pathOf(page)).toBe('/');
    await page.context().close();
  });
});
