// Proves red envelopes and apply-and-review activities in the browser (issue 24, Acceptance): a
// member opens a red envelope once, the share reaches the header balance, and a second try from
// another tab is refused; a member applies with a comment and two images, an operator approves
// with the CLI, and the reward shows in the balance, on the activity and in a platform message.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { registeredMember, textOf } from './support/accounts.ts';
import { useBrowser } from './support/browser.ts';
import { minorOf } from './support/house-slot.ts';
import { createPromotion, headerMinor } from './support/promotions.ts';
import { opsCli } from './support/ops.ts';

const browser = useBrowser();
const HOUR_MS = 3_600_000;

/** An activity of the journey's: one per member, ending within the hour. */
const createActivity = (fields: Record<string, unknown>): Promise<number> =>
  createPromotion({
    content: '<p>One per member.</p>',
    endsAt: new Date(Date.now() + HOUR_MS).toISOString(),
    ...fields,
  });

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
