// `npm run screenshots`: the home page at 1440 and 390 pixels wide, light and dark, into
// docs/screenshots/. Expects the site running at SITE_URL (default http://localhost:3000).
// SCREEN_PATHS lists other pages; SCREEN_USER and SCREEN_PASSWORD sign in first, through the
// login popup as a member would, for member-centre pages.
import { join, resolve } from 'node:path';
import { chromium, type Page } from 'playwright-core';

const site = process.env.SITE_URL ?? 'http://localhost:3000';
const out = resolve(import.meta.dirname, '../docs/screenshots');
const paths = (process.env.SCREEN_PATHS ?? '/').split(',');
const user = process.env.SCREEN_USER;
const password = process.env.SCREEN_PASSWORD ?? '';

const signIn = async (page: Page): Promise<void> => {
  if (!user) return;
  await page.goto(`${site}/login`, { waitUntil: 'networkidle' });
  await page.getByTestId('login-username').fill(user);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('header-account').waitFor({ timeout: 30_000 });
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--host-resolver-rules=MAP *.localhost 127.0.0.1',
  ],
});
for (const path of paths) {
  for (const width of [1440, 390]) {
    for (const theme of ['light', 'dark']) {
      const context = await browser.newContext({
        viewport: { width, height: width > 800 ? 900 : 844 },
        deviceScaleFactor: 1,
      });
      await context.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
      const page = await context.newPage();
      // The announcements pop-up opens once per session and audience, whenever its list has
      // loaded; a screenshot is of the page, so it is closed whenever it stands in the way.
      await page.addLocatorHandler(page.getByTestId('modal-announcementModal'), async (popup) => {
        await popup.getByTestId('modal-close').first().click();
      });
      await signIn(page);
      await page.goto(`${site}${path}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(600);
      const announcements = page.getByTestId('modal-announcementModal');
      if (await announcements.isVisible()) {
        await announcements.getByTestId('modal-close').first().click();
        await page.waitForTimeout(300);
      }
      const name = `${path === '/' ? 'home' : path.replace(/\W+/g, '-').replace(/^-|-$/g, '')}-${width}-${theme}.png`;
      await page.screenshot({ path: join(out, name), fullPage: process.env.FULL_PAGE === '1' });
      console.log(`screenshot ${name}`);
      await context.close();
    }
  }
}
await browser.close();
