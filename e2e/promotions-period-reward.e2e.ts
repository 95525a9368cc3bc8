// Proves a period reward in the browser (issue 24): an operator runs a daily bonus paid without
// wagering; a new member deposits, sees the reward centre's red badge count it, reads its terms
// on the card, claims it, is told it reached the main balance, finds the header balance grown
// by it and the badge one lower; a second claim the same day is not offered.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { registeredMember, textOf } from './support/accounts.ts';
import { useBrowser } from './support/browser.ts';
import { minorOf } from './support/house-slot.ts';

const browser = useBrowser();

/** ฿2.00 a day for a deposit of ฿1.00 or more that day, no wagering. */
const createDailyBonus = async (): Promise<number> => {
  const response = await fetch(`${inject('baseUrl')}/ops/merchants/lanna/promotions`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${inject('operatorKey')}`,
      'x-operator': 'e2e-operator',
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      title: `Daily treat ${randomUUID().slice(0, 6)}`,
      summary: '฿2 every day you deposit.',
      content: '<p>Deposit ฿1 or more today and claim ฿2, no wagering.</p>',
      imageUrl: null,
      kind: 'daily_bonus',
      categories: ['daily'],
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: null,
      audience: { newMembersWithinDays: null, agentTeamOf: null },
      sort: 0,
      paused: false,
      rewardRule: {
        period: 'day',
        amount: { type: 'fixed', minor: '200' },
        minDepositMinor: '100',
        minValidBetMinor: '0',
        wageringMultiplier: 0,
        validDays: 1,
        contributionPercent: {},
        maxBetMinor: null,
        forfeitOnWithdrawal: false,
        budgetTotalMinor: null,
        budgetReceivers: null,
      },
      reason: 'end-to-end test',
    }),
  });
  const body = (await response.json()) as { value: { id: number } };
  if (!response.ok) throw new Error(`activity not created: ${JSON.stringify(body)}`);
  return body.value.id;
};

const headerMinor = async (page: Page): Promise<bigint> => {
  await page.getByTestId('header-balance-refresh').click();
  return minorOf(await textOf(page, 'header-balance-amount'));
};

/** The reward centre's badge count in the member centre's menu (0 when it shows none). */
const badgeCount = async (page: Page): Promise<number> => {
  const badge = page.getByTestId('member-tab-badge-rewardCenter');
  return (await badge.count()) === 0 ? 0 : Number(await badge.getAttribute('data-count'));
};

describe('a daily bonus', () => {
  it('is counted on the badge, claimed once and paid to the main balance', async () => {
    const activityId = await createDailyBonus();
    const { page } = await registeredMember(browser(), 'daily');

    await page.goto(new URL('/member?tab=deposit', page.url()).href);
    await page.getByText('PromptPay QR').click();
    await page.getByTestId('deposit-amount').fill('100');
    await page.getByTestId('deposit-submit').click();
    await page.waitForURL(/\/sandbox-gateway\/checkout\//);
    await page.getByTestId('sandbox-pay').click();
    await page.waitForURL(/\/member\?tab=deposit&view=records/);
    await expect.poll(() => headerMinor(page)).toBe(10_000n);

    await page.goto(new URL('/member?tab=rewardCenter', page.url()).href);
    await expect.poll(() => badgeCount(page)).toBeGreaterThan(0);
    const before = await badgeCount(page);

    await page.goto(new URL('/promotions?category=daily', page.url()).href);
    const card = page.getByTestId(`promotion-card-${activityId}`);
    await expect.poll(() => card.innerText()).toContain('each day you deposit');
    await page.getByTestId(`promotion-claim-${activityId}`).click();
    await expect
      .poll(() => textOf(page, `promotion-claim-done-${activityId}`))
      .toContain('added to your balance');
    await expect.poll(() => headerMinor(page)).toBe(10_200n);
    // Claimed for today: the card offers no second claim.
    await expect.poll(() => page.getByTestId(`promotion-claim-${activityId}`).count()).toBe(0);

    await page.goto(new URL('/member?tab=rewardCenter', page.url()).href);
    await expect.poll(() => badgeCount(page)).toBe(before - 1);
    await page.context().close();
  });
});
