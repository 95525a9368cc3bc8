// Proves the realtime gateway and the chat room in Chromium (issue 6 items 8 and 9): two
// members in two browsers see each other's chat messages without a reload, and markup typed
// into the chat stays text; a balance change made with the operator CLI appears in the header
// balance without a reload; signing out the other devices logs the other browser out at once.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectSignedInAs,
  LANNA_PASSWORD,
  registeredMember,
  submitLogin,
  textOf,
} from './support/accounts.ts';
import { newIp, openPageFrom, useBrowser } from './support/browser.ts';
import { opsCli } from './support/ops.ts';

const browser = useBrowser();

/** How long a pushed change may take to show on a loaded machine; it is usually milliseconds. */
const LIVE = { timeout: 10_000 };
/** Two members register and sign in one after another: slower than one journey. */
const TWO_BROWSERS_MS = 150_000;

const openChat = async (page: Page) => {
  await page.getByTestId('right-bar-chat').click();
  await page.getByTestId('chat-room').waitFor();
};

const say = async (page: Page, text: string) => {
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('chat-send').click();
  await expect.poll(() => page.getByTestId('chat-input').inputValue()).toBe('');
};

const roomTexts = (page: Page) => page.getByTestId('chat-message').allInnerTexts();

describe('realtime', () => {
  it(
    'shows each member the other one’s chat messages, as text, without a reload',
    async () => {
      const [alice, bob] = await Promise.all([
        registeredMember(browser(), 'chata'),
        registeredMember(browser(), 'chatb'),
      ]);
      await Promise.all([openChat(alice.page), openChat(bob.page)]);

      const hello = `hello from alice ${Date.now()}`;
      await say(alice.page, hello);
      await expect.poll(async () => (await roomTexts(bob.page)).join('\n'), LIVE).toContain(hello);

      const payload = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';
      await say(bob.page, payload);
      await expect
        .poll(async () => (await roomTexts(alice.page)).join('\n'), LIVE)
        .toContain(payload);
      const room = alice.page.getByTestId('chat-messages');
      expect(await room.locator('img, script').count()).toBe(0);
      expect(await alice.page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
      // Each sees its own message marked as its own.
      const own = bob.page.getByTestId('chat-message').filter({ hasText: payload });
      await expect.poll(() => own.innerText()).toMatch(/^You/);

      await alice.page.context().close();
      await bob.page.context().close();
    },
    TWO_BROWSERS_MS,
  );

  it('updates the header balance when an operator adjusts it with the CLI', async () => {
    const { page, username } = await registeredMember(browser(), 'live');
    const amount = page.getByTestId('header-balance-amount');
    await expect.poll(() => textOf(page, 'header-balance-amount')).toMatch(/\d/);
    const before = await amount.innerText();
    // The tab's socket is signed in as the member: from now on it hears the balance.
    await page.locator('html[data-realtime="open"]').waitFor({ state: 'attached' });

    await opsCli(
      'adjust-member-balance',
      '--merchantCode',
      'lanna',
      '--username',
      username,
      '--direction',
      'credit',
      '--amountMinor',
      '123456',
      '--reason',
      'end-to-end realtime balance',
      '--idempotencyKey',
      `e2e-live-${username}`,
    );
    await expect.poll(() => amount.innerText(), LIVE).toContain('1,234.56');
    expect(before).not.toContain('1,234.56');
    await page.context().close();
  });

  it(
    'logs the other browser out as soon as the member signs out the other devices',
    async () => {
      const first = await registeredMember(browser(), 'revk');
      const second = await openPageFrom(browser(), newIp());
      await submitLogin(second, first.username, LANNA_PASSWORD);
      await expectSignedInAs(second, first.username);

      await first.page.goto(new URL('/member', first.page.url()).href);
      const signOut = first.page.getByTestId('security-sign-out-others');
      await expect.poll(() => signOut.isEnabled()).toBe(true);
      await signOut.click();
      await first.page.getByTestId('security-sign-out-confirm').click();
      await first.page.getByTestId('security-signed-out').waitFor();

      // No reload and no request of its own: the socket tells the other tab its session ended.
      await second.getByTestId('modal-loginPopupModal').waitFor({ timeout: LIVE.timeout });
      await second.getByTestId('header-login').waitFor();
      expect(await second.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
      // The browser that asked stays signed in.
      await expectSignedInAs(first.page, first.username);

      await first.page.context().close();
      await second.context().close();
    },
    TWO_BROWSERS_MS,
  );
});
