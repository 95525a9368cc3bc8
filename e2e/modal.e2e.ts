// Proves the generic modal as a visitor uses it: it opens from the page without losing the
// reader's place, can be dragged by its header, ignores outside clicks, and on close puts the
// page back where it was.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('generic modal', () => {
  it('is draggable, ignores outside clicks and restores the scroll position on close', async () => {
    const page = await openPage(browser, '/', { viewport: { width: 1440, height: 600 } });
    await page.getByTestId('home-page').waitFor();
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);

    await page.getByTestId('side-menu-item-server-speed').click();
    const modal = page.getByTestId('modal-speedModal');
    await modal.waitFor({ state: 'visible' });
    expect(
      await page.evaluate(
        () => document.body.style.overflow || getComputedStyle(document.body).position,
      ),
    ).toMatch(/hidden|fixed/);

    // The speed test fills the modal while it runs; a centred modal moves as it grows, so the
    // drag is measured once its size has settled.
    let lastHeight = -1;
    await expect
      .poll(async () => {
        await page.waitForTimeout(250);
        const height = (await modal.boundingBox())?.height ?? 0;
        const settled = height === lastHeight;
        lastHeight = height;
        return settled;
      })
      .toBe(true);
    const before = await modal.boundingBox();
    const handle = page.getByTestId('modal-handle').first();
    const grip = await handle.boundingBox();
    if (!before || !grip) throw new Error('modal not laid out');
    await page.mouse.move(grip.x + 20, grip.y + grip.height / 2);
    await page.mouse.down();
    await page.mouse.move(grip.x + 140, grip.y + grip.height / 2 + 60, { steps: 8 });
    await page.mouse.up();
    const after = await modal.boundingBox();
    expect((after?.x ?? 0) - before.x).toBeCloseTo(120, -1);
    expect((after?.y ?? 0) - before.y).toBeCloseTo(60, -1);

    await page.mouse.click(5, 595);
    expect(await modal.isVisible()).toBe(true);

    await page.getByTestId('modal-close').first().click();
    await modal.waitFor({ state: 'hidden' });
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);
    await page.context().close();
  });
});
