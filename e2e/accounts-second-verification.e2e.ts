// Proves the second verification of a login from a new address (spec section 4): a member
// enrols an authenticator app in the security centre, logs in as usual from the address the
// account is used from, and a login from another address is held back until the app's code is
// given. Each browser context comes from an address of its own (X-Forwarded-For, trusted from
// loopback by the end-to-end server).
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

describe('second verification', () => {
  it('holds a login from a new address until the authenticator code is given', async () => {
    const { page: home, username } = await registeredMember(browser(), 'tot');

    await home.getByTestId('header-account').click();
    await home.getByTestId('header-menu-security').click();
    await expect.poll(() => pathOf(home)).toBe('/member');
    await home.getByTestId('security-totp-setup').click();
    const secret = (await home.getByTestId('security-totp-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    const enabledAt = Date.now();
    await home.getByTestId('security-totp-code').fill(await totpCode(secret, enabledAt));
    await home.getByTestId('security-totp-enable').click();
    await home.getByTestId('security-totp-enabled').waitFor();

    // The address the member logs in from becomes a known one: no second step there.
    await logout(home);
    await submitLogin(home, username, LANNA_PASSWORD);
    await expectSignedInAs(home, username);
    expect(await home.getByTestId('second-verification').count()).toBe(0);

    const away = await openPageFrom(browser(), newIp());
    await submitLogin(away, username, LANNA_PASSWORD);
    const step = away.getByTestId('second-verification');
    await expect
      .poll(() => textOf(away, 'second-verification'))
      .toContain('This login comes from a new location. Please confirm it is you.');
    expect(await away.getByTestId('header-account-name').count()).toBe(0);
    // A code of a later time step than the one spent on enrolment: each step counts once.
    const code = await totpCode(secret, Math.max(Date.now(), enabledAt + STEP_MS));
    await step.getByTestId('second-verification-code').fill(code);
    await step.getByTestId('second-verification-submit').click();
    await expectSignedInAs(away, username);
    await home.context().close();
    await away.context().close();
  });
});
