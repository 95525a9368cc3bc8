// Proves the site's content in Chromium (issue 6, Acceptance): the banner carousel advances by
// itself; a guest clicking the ticker's message icon gets the login prompt; the notice popup
// pages by 7 and 'to promotion' opens the member centre's reward tab; a visitor announcement
// shows once per session and not again after closing, and waits for the login popup on /login
// to close rather than covering it; and XSS payloads saved through the
// operator API into every HTML field (notices, announcements, help articles and member
// messages) run nothing when the pages show them.
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { registeredMember } from './support/accounts.ts';
import { newIp, openPageFrom, useBrowser } from './support/browser.ts';

const browser = useBrowser();

const ops = async (method: string, path: string, body: unknown): Promise<{ id: number }> => {
  const response = await fetch(`${inject('baseUrl')}/ops/merchants/lanna${path}`, {
    method,
    headers: {
      authorization: `Bearer ${inject('operatorKey')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ ...(body as object), reason: 'end-to-end test' }),
  });
  if (!response.ok)
    throw new Error(`ops ${path} failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { value: { id: number } }).value;
};

// Announcements pop up over every page; each one made here is taken down after its test.
const published: number[] = [];
const publishAnnouncement = async (title: string, content: string) => {
  const { id } = await ops('POST', '/announcements', {
    title,
    content,
    promotionType: 'PR',
    execution: 'B',
  });
  published.push(id);
};

afterEach(async () => {
  for (const id of published.splice(0)) {
    await ops('POST', `/announcements/${id}/withdraw`, {});
  }
});

const activeBanner = (page: Page) =>
  page.getByTestId('banner-carousel').getAttribute('data-active-index');

// The ticker scrolls without end, so its items are never 'stable' for a pointer click.
const clickTickerNotice = (page: Page) =>
  page
    .getByTestId('notice-ticker')
    .locator('button:not([aria-hidden="true"])')
    .first()
    .dispatchEvent('click');

describe('site content', () => {
  it('advances the banner carousel by itself', async () => {
    const page = await openPageFrom(browser(), newIp());
    await page.getByTestId('banner-slide').first().waitFor();
    expect(await activeBanner(page)).toBe('0');
    // Autoplay every 5 s (spec section 9).
    await expect.poll(() => activeBanner(page), { timeout: 9000 }).toBe('1');
    await page.context().close();
  });

  it('keeps the banner dots off the left-aligned banner text on a phone', async () => {
    const page = await openPageFrom(browser(), newIp());
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('banner-slide').first().waitFor();
    const banner = await page.getByTestId('banner-carousel').boundingBox();
    const dots = await page.getByTestId('banner-dots').boundingBox();
    expect(banner && dots).toBeTruthy();
    if (!banner || !dots) return;
    expect(dots.x).toBeGreaterThanOrEqual(banner.x + banner.width / 2);
    expect(dots.x + dots.width).toBeLessThanOrEqual(banner.x + banner.width);
    await page.context().close();
  });

  it('sends a guest who clicks the message icon to the login prompt', async () => {
    const page = await openPageFrom(browser(), newIp());
    await page.getByTestId('notice-messages').click();
    await page.getByTestId('modal-loginPopupModal').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });

  it('pages the notice popup by 7 and opens the reward tab from it', async () => {
    const { page } = await registeredMember(browser(), 'notice');
    await clickTickerNotice(page);
    const popup = page.getByTestId('modal-noticeModal');
    await popup.waitFor();
    const titles = popup.getByTestId('notice-titles').locator('li');
    await expect.poll(() => titles.count()).toBe(7);
    const firstPage = await titles.allInnerTexts();
    await popup.getByTestId('notice-pagination-page-2').click();
    await expect.poll(async () => (await titles.allInnerTexts()).join()).not.toBe(firstPage.join());
    // A new page selects its first notice.
    expect(await titles.first().locator('button').getAttribute('aria-current')).toBe('true');
    await popup.getByTestId('notice-to-promotion').click();
    await popup.waitFor({ state: 'detached' });
    await page.getByTestId('page-member').waitFor();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('rewardCenter');
    expect(await page.getByTestId('member-tab-rewardCenter').getAttribute('aria-current')).toBe(
      'page',
    );
    await page.context().close();
  });

  it('shows a visitor announcement once per session and not again after closing', async () => {
    await publishAnnouncement('Visitors only', '<p>Welcome, <b>visitor</b>!</p>');
    const page = await openPageFrom(browser(), newIp());
    const popup = page.getByTestId('modal-announcementModal');
    await popup.waitFor();
    expect(await popup.getByTestId('announcement-content').innerText()).toContain(
      'Welcome, visitor!',
    );
    await popup.getByTestId('modal-close').click();
    await popup.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('notice-ticker').waitFor();
    await page.getByTestId('banner-slide').first().waitFor();
    // Give the announcements call time to answer before concluding that nothing shows.
    await page.waitForLoadState('networkidle');
    expect(await popup.count()).toBe(0);
    await page.goto(new URL('/rng', page.url()).href);
    await page.waitForLoadState('networkidle');
    expect(await popup.count()).toBe(0);
    await page.context().close();
    // Another browser session is another audience session: it shows again there.
    const next = await openPageFrom(browser(), newIp());
    await next.getByTestId('modal-announcementModal').waitFor();
    await next.context().close();
  });

  it('keeps an announcement back while the login popup is open, then shows it', async () => {
    await publishAnnouncement('After the login popup', '<p>Shown once the login closes</p>');
    const page = await openPageFrom(browser(), newIp(), '/login');
    const login = page.getByTestId('modal-loginPopupModal');
    await login.waitFor();
    await page.waitForLoadState('networkidle');
    const popup = page.getByTestId('modal-announcementModal');
    expect(await popup.count()).toBe(0);
    await login.getByTestId('modal-close').click();
    await login.waitFor({ state: 'detached' });
    await popup.waitFor();
    expect(await popup.getByTestId('announcement-content').innerText()).toContain(
      'Shown once the login closes',
    );
    await page.context().close();
  });
});

/** Each payload calls the page's `__xssHit` binding and sets window.__xss if it ever runs. */
const PAYLOADS = [
  '<p>Safe text stays</p>',
  '<script>window.__xss = 1; window.__xssHit("script")</script>',
  '<img src="x" onerror="window.__xss = 1; window.__xssHit(\'img\')">',
  '<a id="xss-link" href="javascript:window.__xss=1;window.__xssHit(\'href\')">xss link</a>',
  '<svg onload="window.__xss = 1; window.__xssHit(\'svg\')"><circle r="5"/></svg>',
  '<svg><animate onbegin="window.__xss=1;window.__xssHit(\'animate\')" attributeName="x" dur="1s"/></svg>',
  '<iframe srcdoc="<script>parent.__xss = 1; parent.__xssHit(\'iframe\')</script>"></iframe>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=1;window.__xssHit(\'mxss\')">',
  '<details open ontoggle="window.__xss=1;window.__xssHit(\'details\')">x</details>',
].join('');

const watchForScript = async (page: Page): Promise<string[]> => {
  const hits: string[] = [];
  await page.exposeBinding('__xssHit', (_source, what: string) => {
    hits.push(what);
  });
  page.on('dialog', (dialog) => {
    hits.push(`dialog:${dialog.message()}`);
    void dialog.dismiss();
  });
  return hits;
};

const scriptRan = (page: Page) => page.evaluate(() => (window as { __xss?: unknown }).__xss);

describe('XSS in operator HTML', () => {
  it('runs nothing saved into notices, announcements or help articles', async () => {
    await ops('POST', '/notices', { title: 'XSS check notice', content: PAYLOADS });
    await publishAnnouncement('XSS check announcement', PAYLOADS);
    await ops('PUT', '/help-articles/EN/xss-check', {
      title: 'XSS check article',
      content: PAYLOADS,
      sort: 99,
    });

    const page = await (async () => {
      const context = await browser().newContext({
        viewport: { width: 1440, height: 900 },
        extraHTTPHeaders: { 'X-Forwarded-For': newIp() },
      });
      await context.addInitScript(() => localStorage.setItem('lang', 'EN'));
      return context.newPage();
    })();
    const hits = await watchForScript(page);
    await page.goto(`${inject('baseUrl')}/`);

    // The announcement popup shows the payload first.
    const announcement = page.getByTestId('modal-announcementModal');
    await announcement.waitFor();
    await expect
      .poll(() => announcement.getByTestId('announcement-content').innerText())
      .toContain('Safe text stays');
    await announcement
      .locator('a', { hasText: 'xss link' })
      .click({ timeout: 2000 })
      .catch(() => undefined);
    await announcement.getByTestId('modal-close').click();

    // The newest notice is the payload: open it from the ticker.
    await clickTickerNotice(page);
    const notice = page.getByTestId('modal-noticeModal');
    await expect
      .poll(() => notice.getByTestId('notice-content').innerText())
      .toContain('Safe text stays');
    await notice
      .locator('a', { hasText: 'xss link' })
      .click({ timeout: 2000 })
      .catch(() => undefined);
    await notice.getByTestId('modal-close').click();

    // The help centre lists the article and opens it in the help popup from its anchor.
    await page.goto(`${inject('baseUrl')}/help`);
    await page.getByTestId('help-article-xss-check').waitFor();
    await page.getByTestId('help-article-xss-check').locator('summary').click();
    await page.goto(`${inject('baseUrl')}/help#xss-check`);
    await expect
      .poll(() => page.getByTestId('help-popup').innerText())
      .toContain('Safe text stays');
    await page
      .getByTestId('help-popup')
      .locator('a', { hasText: 'xss link' })
      .click({ timeout: 2000 })
      .catch(() => undefined);

    await page.waitForTimeout(1500);
    expect(hits).toEqual([]);
    expect(await scriptRan(page)).toBeUndefined();
    // The stored HTML kept nothing that could run.
    const html = await page.getByTestId('help-popup').innerHTML();
    expect(html).not.toMatch(/<script|onerror|onload|onbegin|ontoggle|javascript:|<svg|<iframe/i);
    await page.context().close();
  });

  it('runs nothing saved into a member message', async () => {
    const { page, username } = await registeredMember(browser(), 'xssmsg');
    const hits = await watchForScript(page);
    const response = await fetch(`${inject('baseUrl')}/ops/merchants/lanna/messages`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${inject('operatorKey')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        kind: 'platform',
        username,
        title: 'XSS check message',
        content: PAYLOADS,
        reason: 'end-to-end test',
      }),
    });
    expect(response.status).toBe(200);
    await page.goto(new URL('/member?tab=platformMessages', page.url()).href);
    await page.getByRole('button', { name: /XSS check message/ }).click();
    const body = page.getByTestId('message-content');
    await expect.poll(() => body.innerText()).toContain('Safe text stays');
    await body
      .locator('a', { hasText: 'xss link' })
      .click({ timeout: 2000 })
      .catch(() => undefined);
    await page.waitForTimeout(1500);
    expect(hits).toEqual([]);
    expect(await scriptRan(page)).toBeUndefined();
    await page.context().close();
  });
});
