// Proves red envelopes and apply-and-review activities in the browser (issue 24, Acceptance): a
// member opens a red envelope once, the share reaches the header balance, and a second try from
// another tab is refused; a member applies with a comment and two images, an operator approves
// with the CLI, and the reward shows in the balance, on the activity and in a platform message.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { registeredMember, textOf } from './support/accounts.ts';
import { useBrowser } from './support/browser.ts';
import { minorOf } from './support/house-slot.ts';
import { opsCli } from './support/ops.ts';

const browser = useBrowser();
const HOUR_MS = 3_600_000;

const createActivity = async (fields: Record<string, unknown>): Promise<number> => {
  const response = await fetch(`${inject('baseUrl')}/ops/merchants/lanna/promotions`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${inject('operatorKey')}`,
      'x-operator': 'e2e-operator',
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      summary: 'For the end-to-end journey.',
      content: '<p>One per member.</p>',
      imageUrl: null,
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + HOUR_MS).toISOString(),
      audience: { newMembersWithinDays: null, agentTeamOf: null },
      sort: 0,
      paused: false,
      reason: 'end-to-end test',
      ...fields,
    }),
  });
  const body = (await response.json()) as { value: { id: number } };
  if (!response.ok) throw new Error(`activity not created: ${JSON.stringify(body)}`);
  return body.value.id;
};

const headerMinor = async (page: Page): Promise<bigint> => {
  await page.getByTestId('header-balance-refresh').click();
  return minorOf(await textOf(page, 'header-balance-amount'));
};

/** A tiny valid PNG (1x1, one grey pixel), as a file a member picks. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNoAAAAggCBd81ytgAAAABJRU5ErkJggg==',
  'base64',
);

describe('a red envelope', () => {
  it('is opened once: the share reaches the balance and a second try is refused', async () => {
    const id = await createActivity({
      title: `Lucky envelope ${randomUUID().slice(0, 6)}`,
      kind: 'red_envelope',
      categories: ['limited'],
      envelopeRule: { poolMinor: '1000', shares: 2, minShareMinor: '100' },
    });
    const { page } = await registeredMember(browser(), 'envelope');
    const centre = new URL('/promotions?category=limited', page.url()).href;
    await page.goto(centre);
    // A second tab of the same member: the session lives in each tab's session storage.
    const token = await page.evaluate(() => sessionStorage.getItem('token'));
    const other = await page.context().newPage();
    await other.addInitScript((value) => sessionStorage.setItem('token', value ?? ''), token);
    await other.goto(centre);
    await other.getByTestId(`envelope-open-${id}`).waitFor();

    await page.getByTestId(`envelope-open-${id}`).click();
    await page.getByTestId('envelope-amount').waitFor();
    await expect.poll(() => textOf(page, 'envelope-amount')).toMatch(/\d\.\d{2}/);
    const amount = minorOf(await textOf(page, 'envelope-amount'));
    expect(amount).toBeGreaterThanOrEqual(100n);
    expect(amount).toBeLessThanOrEqual(900n);
    await expect.poll(() => headerMinor(page)).toBe(amount);

    // The other tab still offers it; the server refuses the second opening and nothing moves.
    await other.getByTestId(`envelope-open-${id}`).click();
    await expect.poll(() => textOf(other, 'envelope-error')).toMatch(/already/i);
    await page.reload();
    await expect.poll(() => headerMinor(page)).toBe(amount);
    expect(await page.getByTestId(`envelope-open-${id}`).count()).toBe(0);
    await page.context().close();
  });
});

describe('an apply-and-review activity', () => {
  it('takes an application with images, approved by an operator, paid and announced by a platform message', async () => {
    const id = await createActivity({
      title: `Share your win ${randomUUID().slice(0, 6)}`,
      kind: 'apply_review',
      categories: ['special'],
      endsAt: null,
    });
    const { page, username } = await registeredMember(browser(), 'apply');
    await page.goto(new URL('/promotions?category=special', page.url()).href);
    await page.getByTestId(`promotion-apply-${id}`).click();
    await page.getByTestId('application-comment').fill('ชนะ ฿2,500 จากสล็อต');
    await page
      .getByTestId('application-images')
      .locator('input[type="file"]')
      .setInputFiles([
        { name: 'win-1.png', mimeType: 'image/png', buffer: PNG },
        { name: 'win-2.png', mimeType: 'image/png', buffer: PNG },
      ]);
    await page.getByTestId('application-submit').click();
    await expect.poll(() => textOf(page, `promotion-status-${id}`)).toMatch(/applying|review/i);

    const queue = (await opsCli('find-promotion-applications', '--merchantCode', 'lanna')) as {
      list: { id: number; username: string; imageCount: number }[];
    };
    const mine = queue.list.find((application) => application.username === username);
    expect(mine?.imageCount).toBe(2);
    await opsCli(
      'decide-promotion-application',
      '--merchantCode',
      'lanna',
      '--id',
      String(mine?.id ?? 0),
      '--approve:=true',
      '--rewardMinor',
      '8800',
      '--note',
      'Congratulations!',
      '--reason',
      'screenshots checked',
    );

    await expect.poll(() => headerMinor(page)).toBe(8_800n);
    await page.reload();
    await expect.poll(() => textOf(page, `promotion-status-${id}`)).toMatch(/issued/i);
    // The approval arrives as a platform message: the member centre's unread badge shows it.
    await page.goto(new URL('/member?tab=platformMessages', page.url()).href);
    await expect.poll(() => page.getByText('Application approved').count()).toBeGreaterThan(0);
    await page.context().close();
  });
});
