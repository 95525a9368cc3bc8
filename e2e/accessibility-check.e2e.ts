// Proves the journeys' automatic accessibility check (support/accessibility.ts): a page with
// a serious violation is reported with its rule, path and element, a client-side route change
// is checked as a page of its own, and a clean page reports nothing.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { describeViolations, takeAccessibilityViolations } from './support/accessibility.ts';
import { useBrowser } from './support/browser.ts';

const browser = useBrowser();

const CLEAN = `<!doctype html><html lang="en"><head><title>Clean</title></head>
<body><main><h1>Clean page</h1><button type="button">Play</button></main></body></html>`;

// Light grey on white (about 1.6:1) fails color-contrast, a serious violation.
const FAINT = '<p id="faint" style="color:#ddd;background:#fff">Hard to read</p>';

/** A page served at http://a11y.test, whatever the path, without a server. */
const openTestSite = async (html: string, path: string): Promise<Page> => {
  const context = await browser().newContext();
  await context.route('http://a11y.test/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: html }),
  );
  const page = await context.newPage();
  await page.goto(`http://a11y.test${path}`);
  return page;
};

describe('accessibility check', () => {
  it('reports a serious violation with its rule, page and element', async () => {
    const bad = CLEAN.replace('</main>', `${FAINT}</main>`);
    const page = await openTestSite(bad, '/bad');
    await page.context().close();

    const violations = takeAccessibilityViolations();
    expect(violations).toEqual([
      expect.objectContaining({ rule: 'color-contrast', impact: 'serious', page: '/bad' }),
    ]);
    expect(violations[0]?.targets).toEqual(['#faint']);
    expect(describeViolations(violations)).toContain('color-contrast (serious) on /bad');
  });

  it('checks a client-side route change, and passes a clean page', async () => {
    const page = await openTestSite(CLEAN, '/clean');
    // Settled and checked before the route changes, as a journey's page usually is.
    await page.waitForTimeout(1_000);
    await page.evaluate((faint) => {
      history.pushState(null, '', '/changed');
      document.querySelector('main')!.insertAdjacentHTML('beforeend', faint);
    }, FAINT);
    await page.context().close();

    expect(takeAccessibilityViolations()).toEqual([
      expect.objectContaining({ rule: 'color-contrast', page: '/changed', targets: ['#faint'] }),
    ]);
  });
});
