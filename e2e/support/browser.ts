import { randomInt } from 'node:crypto';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { watchAccessibility } from './accessibility.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's Chromium, started the way this machine allows (no network beyond loopback). Every
 * context it opens is watched by the accessibility check (accessibility.ts).
 */
export const launchBrowser = async (): Promise<Browser> => {
  const browser = await chromium.launch({
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
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    watchAccessibility(context);
    return context;
  };
  return browser;
};

/**
 * One browser for the journeys of a spec file: launched before the first, closed after the
 * last. Returns the getter the journeys call.
 */
export const useBrowser = (): (() => Browser) => {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser has not started');
    return browser;
  };
};

export const baseUrl = (): string => inject('baseUrl');

/** The site as served to a merchant's own domain, e.g. `siteUrl('siam.localhost')`. */
export const siteUrl = (host: string, path = '/'): string =>
  `http://${host}:${inject('port')}${path}`;

const urlOf = (path: string): string => (path.startsWith('http') ? path : `${baseUrl()}${path}`);

const newPage = async (browser: Browser, options: BrowserContextOptions): Promise<Page> => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, ...options });
  // An action that cannot happen fails within the journey's time, naming the element.
  context.setDefaultTimeout(15_000);
  return context.newPage();
};

export const openPage = async (
  browser: Browser,
  path = '/',
  options: BrowserContextOptions = {},
): Promise<Page> => {
  const page = await newPage(browser, options);
  await page.goto(urlOf(path));
  return page;
};

/** A private address (10.0.0.0/8) for one visitor of a journey; journeys never share one. */
export const newIp = (): string => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/**
 * A visitor at `ip`, in English whatever the merchant's default language. The server trusts
 * X-Forwarded-For from loopback (global-setup.ts), so each context is a client of its own for
 * the second verification and for the per-address throttles, and journeys do not share limits.
 */
export const openPageFrom = async (browser: Browser, ip: string, path = '/'): Promise<Page> => {
  const page = await newPage(browser, { extraHTTPHeaders: { 'X-Forwarded-For': ip } });
  await page.context().addInitScript(() => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'EN');
  });
  await page.goto(urlOf(path));
  return page;
};
