import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

/**
 * All JavaScript the home page runs until it has rendered its sections (the lazy shell and
 * home chunks and the language bundle included), gzip -9, read from the built files.
 */
export const homeRenderJsGzipBytes = async (siteUrl: string, distDir: string) => {
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
  await page.goto(siteUrl, { waitUntil: 'networkidle' });
  await page.getByTestId('home-page').waitFor();
  await browser.close();
  let bytes = 0;
  for (const path of scripts) {
    bytes += gzipSync(readFileSync(join(distDir, path.replace(/^\//, ''))), { level: 9 }).length;
  }
  return { bytes, files: [...scripts] };
};
