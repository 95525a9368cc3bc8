// Proves registration by mobile number (MOBILENUMREG3 with REGMOBVERF3, on Siam Royal): the SMS
// code the member asks for reaches the local SMS outbox, and with it the registration signs the
// member in under the number without its leading zero.
import { describe, expect, it } from 'vitest';
import { expectSignedInAs, newMobile, pathOf } from './support/accounts.ts';
import { newIp, openPageFrom, siteUrl, useBrowser } from './support/browser.ts';
import { smsCode, thaiE164 } from './support/codes.ts';

const browser = useBrowser();

describe('registration by mobile number', () => {
  it('signs the member in with the SMS code from the outbox', async () => {
    const page = await openPageFrom(browser(), newIp(), siteUrl('siam.localhost', '/register'));
    const popup = page.getByTestId('modal-registerPopupModal');
    await popup.getByTestId('register-tab-mobile').click();
    const mobile = newMobile();
    await popup.getByTestId('register-mobile').fill(mobile);
    await popup.getByTestId('register-send-code').click();
    await popup.getByTestId('register-code').fill(await smsCode('siam', thaiE164(mobile)));
    await popup.getByTestId('register-password').fill('Siam2026ok');
    await popup.getByTestId('register-confirm').fill('Siam2026ok');
    // Siam Royal asks for the payee name in Thai and a birthday of someone 21 or older.
    await popup.getByTestId('register-payeeName').fill('สมชาย');
    await popup.getByTestId('register-birthday').fill('1990-01-15');
    await popup.getByTestId('register-age').check();
    expect(await popup.getByTestId('register-terms').isChecked()).toBe(true);
    await popup.getByTestId('register-submit').click();

    await expectSignedInAs(page, mobile.replace(/^0+/, ''));
    expect(pathOf(page)).toBe('/');
    await page.context().close();
  });
});
