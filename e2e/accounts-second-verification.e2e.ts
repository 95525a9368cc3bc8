// Proves the second verification of a login from a new address (spec section 4): a member
// enrols an authenticator app in the security centre; a password login from an address the
// member has not used is held back until the app's code is given, while one from the address
// the member registered from is not. Each browser context comes from an address of its own
// (X-Forwarded-For, trusted from loopback by the end-to-end server).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  LANNA_PASSWORD,
  expectSignedInAs,
  logout,
  pathOf,
  registeredMember,
  submitLogin,
  textOf,
} from './support/accounts.ts';
import { newIp, openPageFrom, useBrowser } from './support/browser.ts';
import { totpCode } from './support/codes.ts';

const browser = useBrowser();

const STEP_MS = 30_000;
const HELD_BACK = 'This login comes from a new location. Please confirm it is you.';

/** Enrols an authenticator app in the security centre; returns its seed and when it was enabled. */
const enrolAuthenticator = async (page: Page) => {
  await page.getByTestId('header-account').click();
  await page.getByTestId('header-menu-security').click();
  await expect.poll(() => pathOf(page)).toBe('/member');
  await page.getByTestId('security-totp-setup').click();
  const secret = (await page.getByTestId('security-totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  const enabledAt = Date.now();
  await page.getByTestId('security-totp-code').fill(await totpCode(secret, enabledAt));
  await page.getByTestId('security-totp-enable').click();
  await page.getByTestId('security-totp-enabled').waitFor();
  return { secret, enabledAt };
};

/** What a password login led to, once it led somewhere: the member signed in, or held back. */
const outcome = async (page: Page): Promise<string> => {
  if (await textOf(page, 'header-account-name')) return 'signed in';
  return (await textOf(page, 'second-verification')).includes(HELD_BACK) ? 'held back' : '';
};

describe('second verification', () => {
  it('holds a login from a new address until the authenticator code is given', async () => {
    const { page: home, username } = await registeredMember(browser(), 'tot');
    const { secret, enabledAt } = await enrolAuthenticator(home);
    await logout(home);

    // The first password login, from elsewhere than the registration: held back.
    const away = await openPageFrom(browser(), newIp());
    await submitLogin(away, username, LANNA_PASSWORD);
    await expect.poll(() => outcome(away)).not.toBe('');
    expect(await outcome(away)).toBe('held back');
    // A code of a later time step than the one spent on enrolment: each step counts once.
    const code = await totpCode(secret, Math.max(Date.now(), enabledAt + STEP_MS));
    const step = away.getByTestId('second-verification');
    await step.getByTestId('second-verification-code').fill(code);
    await step.getByTestId('second-verification-submit').click();
    await expectSignedInAs(away, username);

    // The address the member registered from is a known one: no second step there.
    await submitLogin(home, username, LANNA_PASSWORD);
    await expect.poll(() => outcome(home)).not.toBe('');
    expect(await outcome(home)).toBe('signed in');
    await home.context().close();
    await away.context().close();
  });
});
