// Proves the right panel's figures come from real sessions and move without a reload (issue 6
// item 7): a visitor's home page shows the members online, and when a member signs in from
// another browser the visitor's figure rises by one on a later reading (polled every 15 s).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, expectSignedInAs, submitLogin, textOf } from './support/accounts.ts';
import { newIp, openPageFrom, useBrowser } from './support/browser.ts';

const browser = useBrowser();

const onlineOf = async (page: Page): Promise<number> => {
  const text = (await textOf(page, 'live-online')).replace(/[^0-9]/g, '');
  return text ? Number(text) : -1;
};

describe('live figures', () => {
  it("count a member who signs in on another visitor's open home page", async () => {
    const visitor = await openPageFrom(browser(), newIp(), '/');
    // The first load of the home chunk can be slow on a busy two-core machine.
    await visitor.getByTestId('live-figures').waitFor({ timeout: 30_000 });
    await expect.poll(() => onlineOf(visitor)).toBeGreaterThanOrEqual(0);
    const before = await onlineOf(visitor);

    const member = await openPageFrom(browser(), newIp(), '/');
    await submitLogin(member, 'demo_agent', DEMO_PASSWORD);
    await expectSignedInAs(member, 'demo_agent');

    // The next poll (15 s) after the server's 3 s cache lapses shows the new session.
    await expect
      .poll(() => onlineOf(visitor), { timeout: 40_000, interval: 1000 })
      .toBeGreaterThanOrEqual(before + 1);
    await visitor.context().close();
    await member.context().close();
  });
});
