import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { textOf } from './accounts.ts';
import { minorOf } from './house-slot.ts';

/**
 * An operator creates an activity of the lanna merchant through the ops API: running since a
 * minute ago, for everyone, until ended; `fields` give its kind, rule and anything else.
 */
export const createPromotion = async (fields: Record<string, unknown>): Promise<number> => {
  const response = await fetch(`${inject('baseUrl')}/ops/merchants/lanna/promotions`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${inject('operatorKey')}`,
      'x-operator': 'e2e-operator',
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      summary: 'For the end-to-end journey.',
      content: '<p>Terms.</p>',
      imageUrl: null,
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: null,
      audience: { newMembersWithinDays: null, agentTeamOf: null },
      sort: 0,
      paused: false,
      reason: 'end-to-end test',
      ...fields,
    }),
  });
  const body = (await response.json()) as { value: { id: number } };
  if (!response.ok) throw new Error(`activity not created: ${JSON.stringify(body)}`);
  return body.value.id;
};

/** The header balance after a refresh, in minor units. */
export const headerMinor = async (page: Page): Promise<bigint> => {
  await page.getByTestId('header-balance-refresh').click();
  return minorOf(await textOf(page, 'header-balance-amount'));
};

/** Deposits `amount` (in the site's units) by PromptPay through the sandbox gateway. */
export const depositBySandbox = async (page: Page, amount: string): Promise<void> => {
  await page.goto(new URL('/member?tab=deposit', page.url()).href);
  await page.getByText('PromptPay QR').click();
  await page.getByTestId('deposit-amount').fill(amount);
  await page.getByTestId('deposit-submit').click();
  await page.waitForURL(/\/sandbox-gateway\/checkout\//);
  await page.getByTestId('sandbox-pay').click();
  await page.waitForURL(/\/member\?tab=deposit&view=records/);
};
