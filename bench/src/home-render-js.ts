import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

/**
 * All JavaScript a page runs until the element `readyTestId` has rendered and the network is
 * quiet (the lazy shell, the route's chunks and the language bundle included), gzip -9, read
 * from the built files.
 */
export const routeRenderJsGzipBytes = async (
  pageUrl: string,
  distDir: string,
  readyTestId: string,
) => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const page = await browser.newPage();
  const scripts = new Set<string>();
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.endsWith('.js')) scripts.add(path);
  });
  await page.goto(pageUrl, { waitUntil: 'networkidle' });
  await page.getByTestId(readyTestId).waitFor();
  // What the rendered page asks for next (a lobby's game list and its cards) loads too.
  await page.waitForLoadState('networkidle');
  await browser.close();
  let bytes = 0;
  for (const path of scripts) {
    bytes += gzipSync(readFileSync(join(distDir, path.replace(/^\//, ''))), { level: 9 }).length;
  }
  return { bytes, files: [...scripts] };
};

/** The home page rendered with its sections. */
export const homeRenderJsGzipBytes = (siteUrl: string, distDir: string) =>
  routeRenderJsGzipBytes(siteUrl, distDir, 'home-page');

/** A category lobby (the RNG lobby, /rng) rendered with its vendor menu and first games page. */
export const lobbyRenderJsGzipBytes = (siteUrl: string, distDir: string) =>
  routeRenderJsGzipBytes(new URL('/rng', siteUrl).href, distDir, 'lobby-RNG');
