// Proves a mission and a turnover ranking in the browser (issue 24): an operator runs a deposit
// mission and a short ranking; a new member deposits, sees the mission tab's red badge count the
// reached mission, claims it once and finds the header balance grown by its reward; then spins
// the house slot, finds its valid bet and place in the ranking's dialog, and once the ranking has
// ended and the job has decided it, claims its prize into the main balance.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registeredMember, textOf } from './support/accounts.ts';
import { useBrowser } from './support/browser.ts';
import { minorOf, openSlotFromLobby, spinSlot } from './support/house-slot.ts';
import { createPromotion, depositBySandbox, headerMinor } from './support/promotions.ts';

const browser = useBrowser();
const RACE_MS = 45_000;

const grantTerms = {
  wageringMultiplier: 0,
  validDays: 1,
  contributionPercent: {},
  maxBetMinor: null,
  forfeitOnWithdrawal: false,
};

/** ฿3.00 for depositing ฿1.00 or more today, no wagering. */
const createDepositMission = (): Promise<number> =>
  createPromotion({
    title: `Deposit mission ${randomUUID().slice(0, 6)}`,
    kind: 'mission',
    categories: ['daily'],
    missionRule: {
      period: 'day',
      task: 'deposit',
      target: '100',
      categories: [],
      rewardMinor: '300',
      budgetTotalMinor: null,
      budgetReceivers: null,
      ...grantTerms,
    },
  });

/**
 * A ranking of every game's valid bet that ends `RACE_MS` from now; each of its 50 places pays
 * ฿1.00 (other journeys may play at the same time: fifty places leave room for all of them).
 */
const createRace = (): Promise<number> =>
  createPromotion({
    title: `Sprint race ${randomUUID().slice(0, 6)}`,
    kind: 'turnover_ranking',
    categories: ['ranking'],
    endsAt: new Date(Date.now() + RACE_MS).toISOString(),
    contestRule: {
      categories: [],
      minValidBetMinor: '0',
      ticketMinor: null,
      maxTicketsPerMember: null,
      prizesMinor: Array.from({ length: 50 }, () => '100'),
      claimDays: 1,
      ...grantTerms,
    },
  });

/** The mission tab's badge count in the member centre's menu (0 when it shows none). */
const badgeCount = async (page: Page): Promise<number> => {
  const badge = page.getByTestId('member-tab-badge-missionActivity');
  return (await badge.count()) === 0 ? 0 : Number(await badge.getAttribute('data-count'));
};

describe('missions and a turnover ranking', () => {
  it(
    'pays a reached mission once and a decided ranking place once, to the main balance',
    async () => {
      const missionId = await createDepositMission();
      const raceId = await createRace();
      const { page } = await registeredMember(browser(), 'race');

      await depositBySandbox(page, '100');
      await expect.poll(() => headerMinor(page)).toBe(10_000n);

      await page.goto(new URL('/member?tab=missionActivity', page.url()).href);
      const mission = page.getByTestId(`mission-${missionId}`);
      await expect.poll(() => mission.innerText()).toContain('Deposit ฿ 1.00');
      await expect.poll(() => badgeCount(page)).toBeGreaterThan(0);
      const before = await badgeCount(page);
      await page.getByTestId(`mission-claim-${missionId}`).click();
      await expect
        .poll(() => textOf(page, `mission-claim-done-${missionId}`))
        .toContain('added to your balance');
      await expect.poll(() => textOf(page, `mission-status-${missionId}`)).toBe('Claimed');
      await expect.poll(() => badgeCount(page)).toBe(before - 1);
      await expect.poll(() => headerMinor(page)).toBe(10_300n);

      const game = await openSlotFromLobby(page);
      await expect
        .poll(async () => minorOf(await game.locator('#balance').innerText()))
        .toBe(10_300n);
      const { afterMinor } = await spinSlot(game, 10_300n);
      await game.close();

      await page.goto(new URL('/promotions?category=ranking', page.url()).href);
      const card = page.getByTestId(`promotion-card-${raceId}`);
      await card.locator('button').first().click();
      const standing = page.getByTestId('promotion-detail').getByTestId('contest-standing');
      await expect.poll(() => standing.innerText()).toContain('฿ 1.00');
      await page.keyboard.press('Escape');

      // After the end, the job (every 2 s on this server) decides the race: the card offers the
      // prize. Each look reads the centre again.
      await expect
        .poll(
          async () => {
            await page.reload();
            await card.waitFor();
            return page.getByTestId(`promotion-claim-${raceId}`).count();
          },
          { timeout: RACE_MS + 30_000, interval: 3_000 },
        )
        .toBe(1);
      await page.getByTestId(`promotion-claim-${raceId}`).click();
      await expect
        .poll(() => textOf(page, `promotion-claim-done-${raceId}`))
        .toContain('added to your balance');
      await expect.poll(() => headerMinor(page)).toBe(afterMinor + 100n);
      await expect.poll(() => page.getByTestId(`promotion-claim-${raceId}`).count()).toBe(0);
      await page.context().close();
      // The race's own length, and the decision after it.
    },
    RACE_MS + 120_000,
  );
});
