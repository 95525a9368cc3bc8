// Proves a period reward in the browser (issue 24): an operator runs a daily bonus paid without
// wagering; a new member deposits, sees the reward centre's red badge count it, reads its terms
// on the card, claims it, is told it reached the main balance, finds the header balance grown
// by it and the badge one lower; a second claim the same day is not offered.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registeredMember, textOf } from './support/accounts.ts';
import { useBrowser } from './support/browser.ts';
import { createPromotion, depositBySandbox, headerMinor } from './support/promotions.ts';

const browser = useBrowser();

/** ฿2.00 a day for a deposit of ฿1.00 or more that day, no wagering. */
const createDailyBonus = (): Promise<number> =>
  createPromotion({
    title: `Daily treat ${randomUUID().slice(0, 6)}`,
    summary: '฿2 every day you deposit.',
    content: '<p>Deposit ฿1 or more today and claim ฿2, no wagering.</p>',
    kind: 'daily_bonus',
    categories: ['daily'],
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
  });

/** The reward centre's badge count in the member centre's menu (0 when it shows none). */
const badgeCount = async (page: Page): Promise<number> => {
  const badge = page.getByTestId('member-tab-badge-rewardCenter');
  return (await badge.count()) === 0 ? 0 : Number(await badge.getAttribute('data-count'));
};

describe('a daily bonus', () => {
  it('is counted on the badge, claimed once and paid to the main balance', async () => {
    const activityId = await createDailyBonus();
    const { page } = await registeredMember(browser(), 'daily');

    await depositBySandbox(page, '100');
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
