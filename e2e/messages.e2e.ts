// Proves member messages in the browser (issue 6 item 4 and Acceptance): an operator message
// sent through the operator API appears in the open box unread without a reload (the realtime
// gateway tells the tab), with the red badge in the header dropdown and on the member-centre
// tab; opening it reads it and the badges go; its HTML is shown without any of the script an
// operator's payload carried; a delete removes it.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { registeredMember } from './support/accounts.ts';
import { useBrowser } from './support/browser.ts';

const browser = useBrowser();

/** Sends a message through the operator API, as an operator's tool would. */
const sendMessage = async (body: Record<string, unknown>): Promise<{ id: string }> => {
  const response = await fetch(`${inject('baseUrl')}/ops/merchants/lanna/messages`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${inject('operatorKey')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ reason: 'end-to-end test', ...body }),
  });
  if (!response.ok) throw new Error(`send failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { value: { id: string } }).value;
};

/** The figure a badge shows (its sentence for screen readers is beside it, hidden). */
const badgeCount = async (page: Page, testId: string): Promise<string> =>
  (await page.getByTestId(testId).count()) > 0
    ? ((await page.getByTestId(testId).locator('[aria-hidden="true"]').textContent()) ?? '')
    : '';

describe('member messages', () => {
  it('shows an operator message with its unread badges, reads it, and deletes it', async () => {
    const { page, username } = await registeredMember(browser(), 'msg');
    await page.goto(new URL('/member?tab=internalMessages', page.url()).href);
    await page.getByTestId('message-box-internal').waitFor();
    await page.getByTestId('empty-state').waitFor();

    const sent = await sendMessage({
      kind: 'internal',
      username,
      title: 'Your weekly bonus',
      content:
        '<p>Bonus <b>credited</b></p><img src="x" onerror="window.__xss=1">' +
        '<script>window.__xss=1</script><a href="javascript:window.__xss=1">claim</a>' +
        '<svg><script>window.__xss=1</script></svg>',
    });

    const row = page.getByTestId(`message-${sent.id}`);
    await row.waitFor();
    expect(await row.getAttribute('data-read')).toBe('false');
    await expect.poll(() => badgeCount(page, 'member-tab-badge-internalMessages')).toBe('1');
    await page.getByTestId('header-account').click();
    await expect.poll(() => badgeCount(page, 'header-unread-badge')).toBe('1');
    await page.keyboard.press('Escape');

    await row.getByRole('button', { name: /Your weekly bonus/ }).click();
    const content = row.getByTestId('message-content');
    await expect.poll(() => content.innerText()).toContain('Bonus credited');
    await expect.poll(() => row.getAttribute('data-read')).toBe('true');
    await expect.poll(() => badgeCount(page, 'member-tab-badge-internalMessages')).toBe('');
    expect(await content.innerHTML()).not.toMatch(/onerror|<script|javascript:/i);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();

    await row.getByTestId('message-delete').click();
    await page.getByTestId('message-delete-confirm').click();
    await expect.poll(() => row.count()).toBe(0);
    await page.getByTestId('empty-state').waitFor();
    await page.reload();
    await page.getByTestId('empty-state').waitFor();
    expect(await page.getByTestId(`message-${sent.id}`).count()).toBe(0);
    await page.context().close();
  });
});
