// Proves the transfer wallet in the browser (issue 4, Acceptance): on Siam Royal a member moves
// money from the main wallet into a vendor wallet and back on the My wallet page, and the
// header balance follows each move without a reload; a bad amount is refused on the page.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, expectSignedInAs, submitLogin, textOf } from './support/accounts.ts';
import { creditMember } from './support/ops.ts';
import { newIp, openPageFrom, siteUrl, useBrowser } from './support/browser.ts';

const browser = useBrowser();

/** The header balance as minor units, read from its text (฿ 1,234.56). */
const headerMinor = async (page: Page): Promise<bigint> => {
  const text = await textOf(page, 'header-balance-amount');
  const digits = text.replace(/[^0-9]/g, '');
  return digits ? BigInt(digits) : -1n;
};

describe('my wallet on a transfer-wallet merchant', () => {
  it('moves money into a vendor wallet and back, and the header follows', async () => {
    await creditMember('siam', 'demo_member', '5000');
    const page = await openPageFrom(browser(), newIp(), siteUrl('siam.localhost', '/'));
    await submitLogin(page, 'demo_member', DEMO_PASSWORD);
    await expectSignedInAs(page, 'demo_member');
    await page.goto(siteUrl('siam.localhost', '/member?tab=myWallet'));
    await page.getByTestId('my-wallet').waitFor();
    await expect.poll(() => headerMinor(page)).toBeGreaterThan(0n);
    const before = await headerMinor(page);
    const pgBefore = await textOf(page, 'vendor-wallet-PG');

    const amount = page.getByTestId('wallet-transfer-amount');
    await amount.fill('12.345');
    await page.getByTestId('wallet-transfer-submit').click();
    await expect.poll(() => amount.getAttribute('aria-invalid')).toBe('true');

    await page.getByTestId('wallet-transfer-vendor').selectOption('PG');
    await amount.fill('25');
    await page.getByTestId('wallet-transfer-submit').click();
    await expect.poll(() => textOf(page, 'my-wallet-done')).toBe('Transfer complete.');
    await expect.poll(() => headerMinor(page)).toBe(before - 2_500n);
    await expect.poll(() => textOf(page, 'vendor-wallet-PG')).not.toBe(pgBefore);

    await page.getByRole('button', { name: 'Transfer out of PG Soft' }).click();
    await page.getByTestId('wallet-transfer-all').click();
    await page.getByTestId('wallet-transfer-submit').click();
    await expect.poll(() => textOf(page, 'vendor-wallet-PG')).toBe('฿ 0.00');
    await expect
      .poll(() => headerMinor(page))
      .toBe(before + BigInt(pgBefore.replace(/[^0-9]/g, '')));
    await page.context().close();
  });
});
