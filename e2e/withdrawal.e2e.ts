// Proves withdrawals in the browser (issue 4, Acceptance): a new member with money sets a
// payment password and binds a bank card on the member centre's withdrawal tab, requests a
// withdrawal (the header balance drops by the held amount), an operator pays it with the CLI
// (`npm run ops`), and the member confirms 'partly received' with the amount still missing.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LANNA_PASSWORD, registeredMember, textOf } from './support/accounts.ts';
import { useBrowser } from './support/browser.ts';
import { creditMember, opsCli } from './support/ops.ts';

const browser = useBrowser();

/** The header balance as minor units, read from its text (฿ 1,234.56). */
const headerMinor = async (page: Page): Promise<bigint> => {
  await page.getByTestId('header-balance-refresh').click();
  const digits = (await textOf(page, 'header-balance-amount')).replace(/[^0-9]/g, '');
  return digits ? BigInt(digits) : -1n;
};

describe('withdrawals', () => {
  it('requested by a member, paid by an operator with the CLI, confirmed as partly received', async () => {
    const { page, username } = await registeredMember(browser(), 'wd');
    await creditMember('lanna', username, '100000');
    await page.goto(new URL('/member?tab=withdrawal', page.url()).href);
    await page.getByTestId('withdrawal-page').waitFor();

    await page.getByTestId('payment-password-set-current').fill(LANNA_PASSWORD);
    await page.getByTestId('payment-password-set-new').fill('135790');
    await page.getByTestId('payment-password-set-confirm').fill('135790');
    await page.getByTestId('payment-password-set-submit').click();
    await page.getByTestId('payment-password-change-open').waitFor();

    await page.getByTestId('bind-bank-bank-name').fill('Kasikorn Bank');
    await page.getByTestId('bind-bank-account-name').fill('Somchai Jaidee');
    await page.getByTestId('bind-bank-account-number').fill('123-4-56789-0');
    await page.getByTestId('bind-bank-password').fill('135790');
    await page.getByTestId('bind-bank-submit').click();
    await expect.poll(() => textOf(page, 'payee-account')).toContain('****7890');

    await page.getByTestId('withdrawal-amount').fill('300.50');
    await page.getByTestId('withdrawal-password').fill('135790');
    await page.getByTestId('withdrawal-submit').click();
    await page.getByTestId('withdrawal-done').waitFor();
    await expect.poll(() => textOf(page, 'withdrawal-status')).toBe('Under review');
    await expect.poll(() => headerMinor(page)).toBe(100_000n - 30_050n);

    const queue = (await opsCli('find-ops-withdrawals', '--merchantCode', 'lanna')) as {
      list: { id: string; username: string; amountMinor: string; payeeAccountNumber: string }[];
    };
    const mine = queue.list.find((withdrawal) => withdrawal.username === username);
    expect(mine).toMatchObject({ amountMinor: '30050', payeeAccountNumber: '1234567890' });
    await opsCli(
      'approve-withdrawal',
      '--merchantCode',
      'lanna',
      '--withdrawalId',
      mine?.id ?? '',
      '--reason',
      'paid by bank transfer',
    );

    await page.reload();
    await page.getByTestId('withdrawal-confirm-open').click();
    await page.getByTestId('withdrawal-confirm-partly_received').check();
    await page.getByTestId('withdrawal-confirm-remaining').fill('100');
    await page.getByTestId('withdrawal-confirm-submit').click();
    await expect.poll(() => textOf(page, 'withdrawal-status')).toBe('Partly received');
    expect(await headerMinor(page)).toBe(100_000n - 30_050n);
    await page.context().close();
  });
});
