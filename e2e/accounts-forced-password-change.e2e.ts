// Proves the forced password change of spec section 4: logging in with 123456 opens the
// change-password popup, which cannot be dismissed; a new password closes it and the member
// is home and signed in. It uses the seed's demo_reset on Lanna, the only account with
// 123456 (no form accepts that password), and no other journey may rely on its password.
import { describe, expect, it } from 'vitest';
import { LANNA_PASSWORD, expectSignedInAs, pathOf, submitLogin } from './support/accounts.ts';
import { newIp, openPageFrom, useBrowser } from './support/browser.ts';

const browser = useBrowser();

describe('password 123456', () => {
  it('forces the change-password popup, and a new password closes it and goes to /', async () => {
    const page = await openPageFrom(browser(), newIp());
    await submitLogin(page, 'demo_reset', '123456');
    const popup = page.getByTestId('modal-changePasswordModal');
    await expect
      .poll(() => popup.innerText().catch(() => ''))
      .toContain('For your security, please set a new password before you continue.');
    expect(await popup.getByTestId('modal-close').count()).toBe(0);
    await page.keyboard.press('Escape');
    expect(await popup.isVisible()).toBe(true);

    await popup.getByTestId('change-password-new').fill(LANNA_PASSWORD);
    await popup.getByTestId('change-password-confirm').fill(LANNA_PASSWORD);
    await popup.getByTestId('change-password-submit').click();
    await expect.poll(() => popup.count()).toBe(0);
    expect(pathOf(page)).toBe('/');
    await expectSignedInAs(page, 'demo_reset');
    await page.context().close();
  });
});
