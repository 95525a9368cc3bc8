// Proves deposits in the browser (issue 4, Acceptance): a new member deposits by bank transfer
// on the member centre's deposit tab, an operator approves it with the CLI (`npm run ops`), and
// the header balance shows it; then the member pays through the sandbox gateway's checkout and
// comes back to the deposit records, where the payment stands as successful.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registeredMember, textOf } from './support/accounts.ts';
import { useBrowser } from './support/browser.ts';
import { opsCli as ops } from './support/ops.ts';

const browser = useBrowser();

/** The header balance as minor units, read from its text (฿ 1,234.56). */
const headerMinor = async (page: Page): Promise<bigint> => {
  await page.getByTestId('header-balance-refresh').click();
  const digits = (await textOf(page, 'header-balance-amount')).replace(/[^0-9]/g, '');
  return digits ? BigInt(digits) : -1n;
};

describe('deposits', () => {
  it('by bank transfer, approved by an operator with the CLI, then through the sandbox gateway', async () => {
    const { page, username } = await registeredMember(browser(), 'dep');
    await page.goto(new URL('/member?tab=deposit', page.url()).href);
    await page.getByTestId('deposit-page').waitFor();
    expect(await textOf(page, 'deposit-bank-accountNumber')).toBe('123-4-56789-0');

    await page.getByTestId('deposit-amount').fill('1,250.50');
    await page.getByTestId('deposit-payer-name').fill('Somchai Jaidee');
    await page.getByTestId('deposit-reference').fill('TRX-E2E');
    await page.getByTestId('deposit-submit').click();
    await expect.poll(() => textOf(page, 'deposit-submitted')).toContain('฿1,250.50');
    await expect.poll(() => textOf(page, 'deposit-records-row')).toContain('Pending');

    const queue = (await ops('find-ops-deposits', '--merchantCode', 'lanna')) as {
      list: { id: string; username: string; amountMinor: string }[];
    };
    const mine = queue.list.find((deposit) => deposit.username === username);
    expect(mine?.amountMinor).toBe('125050');
    await ops(
      'approve-deposit',
      '--merchantCode',
      'lanna',
      '--depositId',
      mine?.id ?? '',
      '--reason',
      'seen on the statement',
    );
    await expect.poll(() => headerMinor(page)).toBe(125_050n);
    // The record follows the balance without a reload.
    await expect.poll(() => textOf(page, 'deposit-records-row')).toContain('Successful');

    await page.getByText('PromptPay QR').click();
    await page.getByTestId('deposit-amount').fill('300');
    await page.getByTestId('deposit-submit').click();
    await page.waitForURL(/\/sandbox-gateway\/checkout\//);
    expect(await textOf(page, 'sandbox-amount')).toBe('300.00 THB');
    await page.getByTestId('sandbox-pay').click();
    await page.waitForURL(/\/member\?tab=deposit&view=records/);
    await page.getByTestId('deposit-returned').waitFor();
    await expect.poll(() => textOf(page, 'deposit-records-row')).toContain('Successful');
    await expect.poll(() => headerMinor(page)).toBe(155_050n);
    await page.context().close();
  });
});
