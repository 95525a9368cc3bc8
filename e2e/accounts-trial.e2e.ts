// Proves the trial account of spec section 6: free play from the login popup signs a visitor in
// as a trial member, and a real-money action then shows 'in_need_true_account' instead of
// running.
import { describe, expect, it } from 'vitest';
import { pathOf, textOf } from './support/accounts.ts';
import { newIp, openPageFrom, useBrowser } from './support/browser.ts';

const browser = useBrowser();

const NEED_REAL_ACCOUNT = 'Please register or log in to a real account to continue.';

describe('trial member', () => {
  it('is told to use a real account when starting a deposit or a withdrawal', async () => {
    const page = await openPageFrom(browser(), newIp(), '/login');
    await page.getByTestId('modal-loginPopupModal').getByTestId('login-freeplay').click();
    await expect.poll(() => textOf(page, 'header-account')).toMatch(/Trial/);
    expect(pathOf(page)).toBe('/');

    for (const action of ['header-deposit', 'header-withdraw']) {
      await page.getByTestId(action).click();
      const notice = page.getByTestId('modal-realAccountModal');
      await expect.poll(() => textOf(page, 'real-account-notice')).toBe(NEED_REAL_ACCOUNT);
      expect(pathOf(page)).toBe('/');
      await notice.getByTestId('real-account-confirm').click();
      await expect.poll(() => notice.count()).toBe(0);
    }
    await page.context().close();
  });
});
