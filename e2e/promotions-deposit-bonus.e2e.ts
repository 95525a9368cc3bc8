// Proves a deposit bonus in the browser (issue 24, Acceptance): an operator runs a first-deposit
// bonus; a new member deposits through the sandbox gateway, claims the bonus in the promotions
// centre, sees it locked with its wagering progress in the member centre, plays the house slot
// until the requirement is met, and the bonus moves to the main balance the header shows.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { registeredMember, textOf } from './support/accounts.ts';
import { useBrowser } from './support/browser.ts';
import { minorOf, openSlotFromLobby, spinSlot } from './support/house-slot.ts';
import { createPromotion, depositBySandbox, headerMinor } from './support/promotions.ts';

const browser = useBrowser();

/** 100% of the first deposit up to 3.00, wagered once on slots: three spins at 1.00. */
const createBonusActivity = (): Promise<number> =>
  createPromotion({
    title: `Starter bonus ${randomUUID().slice(0, 6)}`,
    summary: 'Your first deposit matched, up to ฿3.',
    content: '<p>Wager the bonus once on slots within 7 days.</p>',
    kind: 'first_deposit_bonus',
    categories: ['deposit'],
    bonusRule: {
      percent: 100,
      capMinor: '300',
      minDepositMinor: '100',
      wageringMultiplier: 1,
      wageringBasis: 'bonus',
      validDays: 7,
      contributionPercent: { RNG: 100 },
      forfeitOnWithdrawal: true,
      budgetTotalMinor: null,
      budgetReceivers: null,
    },
  });

describe('a first-deposit bonus', () => {
  it('is claimed, wagered on the house slot and released to the main balance', async () => {
    const activityId = await createBonusActivity();
    const { page } = await registeredMember(browser(), 'bonus');

    await depositBySandbox(page, '300');
    await expect.poll(() => headerMinor(page)).toBe(30_000n);

    await page.goto(new URL('/promotions?category=deposit', page.url()).href);
    await page.getByTestId(`promotion-claim-${activityId}`).click();
    const bonusDetails = new URL('/member?tab=bonusDetails', page.url()).href;
    await page.goto(bonusDetails);
    await expect.poll(() => textOf(page, 'bonus-locked-total')).toContain('3.00');
    const grant = page.locator('[data-testid^="bonus-grant-"]').first();
    expect(await grant.getAttribute('data-status')).toBe('active');
    expect(await grant.getByTestId('bonus-progress').getAttribute('aria-valuenow')).toBe('0');
    // The bonus is locked: the main balance is the deposit alone.
    expect(await headerMinor(page)).toBe(30_000n);

    const game = await openSlotFromLobby(page);
    let balance = 30_000n;
    await expect
      .poll(async () => minorOf(await game.locator('#balance').innerText()))
      .toBe(balance);
    for (let spin = 0; spin < 3; spin += 1) balance = (await spinSlot(game, balance)).afterMinor;
    await game.close();

    // The slot opened from the lobby; the member comes back to their bonuses.
    await page.bringToFront();
    await page.goto(bonusDetails);
    await expect.poll(() => grant.getAttribute('data-status')).toBe('released');
    await expect.poll(() => textOf(page, 'bonus-locked-total')).toContain('0.00');
    await expect.poll(() => headerMinor(page)).toBe(balance + 300n);
    await page.context().close();
  });
});
