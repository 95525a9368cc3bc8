import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { inject } from 'vitest';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, started the way this machine allows (no network beyond loopback). */
export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      // Merchant domains in the seed (lanna.localhost, siam.localhost) point at this machine.
      '--host-resolver-rules=MAP *.localhost 127.0.0.1',
    ],
  });

export const baseUrl = (): string => inject('baseUrl');

/** The site as served to a merchant's own domain, e.g. `siteUrl('siam.localhost')`. */
export const siteUrl = (host: string, path = '/'): string =>
  `http://${host}:${inject('port')}${path}`;

export const openPage = async (
  browser: Browser,
  path = '/',
  options: BrowserContextOptions = {},
): Promise<Page> => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, ...options });
  const page = await context.newPage();
  await page.goto(path.startsWith('http') ? path : `${baseUrl()}${path}`);
  return page;
};
