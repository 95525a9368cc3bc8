import { randomBytes, randomInt } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { newIp, openPageFrom } from './browser.ts';

/** A password Lanna's rule accepts (8 to 20 with a lower, an upper, a digit and a symbol). */
export const LANNA_PASSWORD = 'Lanna@2026x';
export const DEMO_PASSWORD = 'Demo@12345';

/** A username no other journey or run has, within Lanna's rule (a letter, then 4 to 16 alnum). */
export const newUsername = (prefix: string): string =>
  `${prefix}${randomBytes(5).toString('hex')}`.slice(0, 16);

/** A Thai mobile number (10 digits) no other journey has. */
export const newMobile = (): string => `08${String(randomInt(100_000_000)).padStart(8, '0')}`;

/**
 * The text of the first element `testId` names on the page now (as written, before CSS changes
 * its case), or '' when there is none; never waits.
 */
export const textOf = async (page: Page, testId: string): Promise<string> =>
  (await page.getByTestId(testId).allTextContents())[0]?.trim() ?? '';

/** Alerts of the auth forms: when a sign-in fails, a journey's failure says what the page said. */
const FORM_ERRORS = ['login-error', 'register-error', 'forgot-error', 'second-verification-error'];

const signedInOrError = async (page: Page): Promise<string> => {
  const name = await textOf(page, 'header-account-name');
  if (name) return name;
  for (const testId of FORM_ERRORS) {
    const error = await textOf(page, testId);
    if (error) return `${testId}: ${error}`;
  }
  return '';
};

/** Waits until the header shows the member signed in under `username`. */
export const expectSignedInAs = async (page: Page, username: string) => {
  await expect.poll(() => signedInOrError(page)).toBe(username);
};

export const pathOf = (page: Page): string => new URL(page.url()).pathname;

type NewMember = { username: string; password: string; email?: string; mobile?: string };

/**
 * Registers through the register popup's username tab as a visitor would, and waits until the
 * new member is signed in: the fields, the age box and the terms box.
 */
export const registerByUsername = async (page: Page, member: NewMember) => {
  await page.goto(new URL('/register', page.url()).href);
  const popup = page.getByTestId('modal-registerPopupModal');
  await popup.getByTestId('register-username').fill(member.username);
  if (member.mobile) await popup.getByTestId('register-mobile').fill(member.mobile);
  await popup.getByTestId('register-password').fill(member.password);
  await popup.getByTestId('register-confirm').fill(member.password);
  if (member.email) await popup.getByTestId('register-email').fill(member.email);
  await popup.getByTestId('register-age').check();
  await popup.getByTestId('register-terms').check();
  await popup.getByTestId('register-submit').click();
  await expectSignedInAs(page, member.username);
};

/**
 * A visitor from an address of its own who has just registered by username on Lanna with
 * LANNA_PASSWORD (and `contacts`), signed in on the home page.
 */
export const registeredMember = async (
  browser: Browser,
  prefix: string,
  contacts: Pick<NewMember, 'email' | 'mobile'> = {},
): Promise<{ page: Page; username: string }> => {
  const page = await openPageFrom(browser, newIp());
  const username = newUsername(prefix);
  await registerByUsername(page, { username, password: LANNA_PASSWORD, ...contacts });
  return { page, username };
};

/** Opens the login popup (/login) and submits a username and password. */
export const submitLogin = async (page: Page, username: string, password: string) => {
  if (pathOf(page) !== '/login') await page.goto(new URL('/login', page.url()).href);
  const popup = page.getByTestId('modal-loginPopupModal');
  await popup.getByTestId('login-username').fill(username);
  await popup.getByTestId('login-password').fill(password);
  await popup.getByTestId('login-submit').click();
};

/** Signs in on the agent login page (/agent) with its own form, as an agent does. */
export const submitAgentLogin = async (page: Page, username: string, password: string) => {
  const form = page.getByTestId('page-agent');
  await form.getByTestId('login-username').fill(username);
  await form.getByTestId('login-password').fill(password);
  await form.getByTestId('login-submit').click();
};

/**
 * Sets `password` in the change-password popup a login must pass first (password 123456, or
 * the first login of an account an agent opened), and waits until it has closed.
 */
export const setForcedPassword = async (page: Page, password: string) => {
  const popup = page.getByTestId('modal-changePasswordModal');
  await popup.getByTestId('change-password-new').fill(password);
  await popup.getByTestId('change-password-confirm').fill(password);
  await popup.getByTestId('change-password-submit').click();
  await expect.poll(() => popup.count()).toBe(0);
};

/** Logs out through the account menu and its confirm dialog, and waits for the guest header. */
export const logout = async (page: Page) => {
  await page.getByTestId('header-account').click();
  await page.getByTestId('header-logout').click();
  const dialog = page.getByTestId('modal-logoutModal');
  await expect.poll(() => dialog.innerText()).toContain('Are you sure you want to log out?');
  await dialog.getByTestId('logout-confirm').click();
  await page.getByTestId('header-login').waitFor();
};
