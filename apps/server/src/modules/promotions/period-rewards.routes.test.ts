// Period rewards (issue 24 item 2; decision 023): daily, weekly and newbie bonuses and loss
// rebates pay once per member and period of the merchant's zone (GMT+7), only when the
// period's deposit and valid bet reach the rule's; a loss rebate pays its percent of the last
// period's net loss, capped; without wagering the reward reaches the main wallet at once, with
// it the bonus balance; bad rules and claims get a code and move nothing.
import {
  AvailablePromotionsSchema,
  BonusGrantSchema,
  PromotionListSchema,
  type RewardRule,
} from '@lanna/contract';
import { describe, expect, it } from 'vitest';
import { TEST_START, useVendorWorld } from '../../testing/factories/games.ts';
import { promotionKit, type PromotionMember } from '../../testing/factories/promotions.ts';
import { codeOf, getAs, ops, valueOf } from '../../testing/requests.ts';

const world = useVendorWorld();
const kit = promotionKit(world);
const { newMember, deposit, claim, accountBalance, promotionHouse, playRound, siteOf } = kit;
const DAY_MS = 86_400_000;

const RULE: RewardRule = {
  period: 'day',
  amount: { type: 'fixed', minor: '5000' },
  minDepositMinor: '10000',
  minValidBetMinor: '0',
  wageringMultiplier: 0,
  validDays: 7,
  contributionPercent: { RNG: 100 },
  maxBetMinor: null,
  forfeitOnWithdrawal: false,
  budgetTotalMinor: null,
  budgetReceivers: null,
};

const draft = (kind: string, rule: Partial<RewardRule> | null, overrides = {}) => ({
  title: `${kind} ${Math.random().toString(36).slice(2, 8)}`,
  summary: 'Every period.',
  content: '<p>Terms.</p>',
  imageUrl: null,
  kind,
  categories: ['daily'],
  // Two days before the test's start: yesterday (in GMT+7) is inside the activity.
  startsAt: new Date(world.clock().getTime() - 2 * DAY_MS).toISOString(),
  endsAt: null,
  audience: { newMembersWithinDays: null, agentTeamOf: null },
  sort: 0,
  paused: false,
  rewardRule: rule && { ...RULE, ...rule },
  reason: 'test activity',
  ...overrides,
});

/** Moves the clock on and signs the members in again (their sessions ended meanwhile). */
const moveClockTo = async (iso: string, ...members: PromotionMember[]) => {
  world.clock.set(iso);
  for (const member of members) await kit.signInAgain(member);
};

const statusOf = async (member: PromotionMember, id: number) =>
  valueOf(
    await getAs(world.app, siteOf(member), '/wps/member/promotions'),
    PromotionListSchema,
  ).list.find((promotion) => promotion.id === id)?.status;

/** The ids the reward centre's badge counts, checked against its count. */
const available = async (member: PromotionMember) => {
  const value = valueOf(
    await getAs(world.app, siteOf(member), '/wps/member/promotions/available'),
    AvailablePromotionsSchema,
  );
  expect(value.availablePromoCount).toBe(value.availablePromo.length);
  return value.availablePromo.map(({ id }) => id);
};

describe('period rewards', () => {
  it('pays a daily bonus once a day, for a day whose deposit reaches the minimum', async () => {
    const activity = await kit.createActivity(draft('daily_bonus', {}));
    const member = await newMember();
    const houseBefore = await promotionHouse();
    const mainBefore = await accountBalance(member, 'main');

    expect(await statusOf(member, activity.id)).toBe('join');
    expect(await available(member)).not.toContain(activity.id);
    expect(codeOf(await claim(member, activity.id))).toBe('BONUS_NOT_ELIGIBLE');
    await deposit(member, 10_000n);
    expect(await statusOf(member, activity.id)).toBe('claim');
    expect(await available(member)).toContain(activity.id);

    const grant = valueOf(await claim(member, activity.id), BonusGrantSchema);
    // No wagering: released as it is granted, into the main wallet.
    expect(grant).toMatchObject({ bonusMinor: '5000', status: 'released', remainingMinor: '0' });
    expect(await accountBalance(member, 'main')).toBe(mainBefore + 10_000n + 5_000n);
    expect(await accountBalance(member, 'bonus')).toBe(0n);
    expect(await promotionHouse()).toBe(houseBefore - 5_000n);
    expect(codeOf(await claim(member, activity.id))).toBe('PROMOTION_ALREADY_CLAIMED');
    expect(await statusOf(member, activity.id)).toBe('claimed');
    expect(await available(member)).not.toContain(activity.id);

    // 17:00 UTC is midnight in GMT+7: the next day asks for a deposit of its own.
    await moveClockTo('2026-03-01T17:00:00.000Z', member);
    expect(await statusOf(member, activity.id)).toBe('join');
    expect(codeOf(await claim(member, activity.id))).toBe('BONUS_NOT_ELIGIBLE');
    await deposit(member, 10_000n);
    expect(valueOf(await claim(member, activity.id), BonusGrantSchema).bonusMinor).toBe('5000');
    expect(await promotionHouse()).toBe(houseBefore - 10_000n);
  });

  it("pays a daily reload of the day's deposits, capped, with its wagering", async () => {
    const activity = await kit.createActivity(
      draft('daily_bonus', {
        amount: { type: 'deposit_percent', percent: 10, capMinor: '100000' },
        minDepositMinor: '50000',
        wageringMultiplier: 5,
      }),
    );
    const member = await newMember();
    await deposit(member, 30_000n);
    expect(codeOf(await claim(member, activity.id))).toBe('BONUS_NOT_ELIGIBLE');
    await deposit(member, 40_000n);
    const grant = valueOf(await claim(member, activity.id), BonusGrantSchema);
    expect(grant).toMatchObject({
      bonusMinor: '7000',
      status: 'active',
      wageringRequiredMinor: '35000',
    });
    expect(await accountBalance(member, 'bonus')).toBe(7_000n);
  });

  it("pays a loss rebate of the last day's net loss, capped, into the bonus balance", async () => {
    const activity = await kit.createActivity(
      draft('loss_rebate', {
        amount: { type: 'loss_percent', percent: 10, capMinor: '10000' },
        minDepositMinor: '0',
        wageringMultiplier: 2,
      }),
    );
    const loser = await newMember();
    const bigLoser = await newMember();
    const winner = await newMember();
    // Yesterday in GMT+7 (TEST_START is 19:00 there): 500.00 bet, 200.00 back, a net loss of 300.00.
    world.clock.set(new Date(Date.parse(TEST_START) - DAY_MS).toISOString());
    await playRound(loser, '50000', '20000');
    await playRound(bigLoser, '90000');
    await playRound(winner, '10000', '30000');
    world.clock.set(TEST_START);
    // Today's losses are tomorrow's rebate.
    await playRound(loser, '40000');

    expect(await statusOf(loser, activity.id)).toBe('claim');
    const grant = valueOf(await claim(loser, activity.id), BonusGrantSchema);
    expect(grant).toMatchObject({
      bonusMinor: '3000',
      status: 'active',
      wageringRequiredMinor: '6000',
      depositMinor: '0',
    });
    expect(await accountBalance(loser, 'bonus')).toBe(3_000n);
    expect(codeOf(await claim(loser, activity.id))).toBe('PROMOTION_ALREADY_CLAIMED');
    // 10% of 900.00 is 90.00: under the cap of 100.00. The cap holds above it.
    expect(valueOf(await claim(bigLoser, activity.id), BonusGrantSchema).bonusMinor).toBe('9000');
    expect(await statusOf(winner, activity.id)).toBe('join');
    expect(codeOf(await claim(winner, activity.id))).toBe('BONUS_NOT_ELIGIBLE');

    // The next day pays back today's 400.00 loss.
    await moveClockTo('2026-03-02T12:00:00.000Z', loser);
    expect(valueOf(await claim(loser, activity.id), BonusGrantSchema).bonusMinor).toBe('4000');
  });

  it('caps a loss rebate at the rule', async () => {
    const activity = await kit.createActivity(
      draft('loss_rebate', {
        amount: { type: 'loss_percent', percent: 50, capMinor: '10000' },
        minDepositMinor: '0',
      }),
    );
    const member = await newMember();
    world.clock.set(new Date(Date.parse(TEST_START) - DAY_MS).toISOString());
    await playRound(member, '90000');
    world.clock.set(TEST_START);
    expect(valueOf(await claim(member, activity.id), BonusGrantSchema).bonusMinor).toBe('10000');
  });

  it('pays a weekly bonus once a week from Monday, when the valid bet reaches the rule', async () => {
    const activity = await kit.createActivity(
      draft('weekly_bonus', { period: 'week', minDepositMinor: '0', minValidBetMinor: '20000' }),
    );
    const member = await newMember();
    await playRound(member, '10000');
    expect(codeOf(await claim(member, activity.id))).toBe('BONUS_NOT_ELIGIBLE');
    await playRound(member, '10000', '5000');
    // Twenty claims at once pay once.
    const answers = await Promise.all(Array.from({ length: 20 }, () => claim(member, activity.id)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(new Set(answers.filter((a) => a.statusCode !== 200).map(codeOf))).toEqual(
      new Set(['PROMOTION_ALREADY_CLAIMED']),
    );
    // TEST_START is a Sunday: Monday starts a new week, with its own bets to make.
    await moveClockTo('2026-03-01T17:00:00.000Z', member);
    expect(codeOf(await claim(member, activity.id))).toBe('BONUS_NOT_ELIGIBLE');
  });

  it('pays a newbie bonus once, to new members only', async () => {
    const activity = await kit.createActivity(
      draft(
        'newbie_bonus',
        { period: 'once', minDepositMinor: '0' },
        { audience: { newMembersWithinDays: 7, agentTeamOf: null } },
      ),
    );
    const member = await newMember();
    const veteran = await newMember();
    await world.db.query(
      `UPDATE members SET created_at = $2::timestamptz - interval '30 days' WHERE id = $1`,
      [veteran.memberId, world.clock()],
    );
    expect(valueOf(await claim(member, activity.id), BonusGrantSchema).bonusMinor).toBe('5000');
    await moveClockTo('2026-03-04T12:00:00.000Z', member, veteran);
    expect(codeOf(await claim(member, activity.id))).toBe('PROMOTION_ALREADY_CLAIMED');
    expect(codeOf(await claim(veteran, activity.id))).toBe('PROMOTION_NOT_FOR_YOU');
  });

  it('stops paying when the budget is spent', async () => {
    const activity = await kit.createActivity(
      draft('daily_bonus', { minDepositMinor: '0', budgetTotalMinor: '8000' }),
    );
    const first = await newMember();
    const second = await newMember();
    const third = await newMember();
    expect(valueOf(await claim(first, activity.id), BonusGrantSchema).bonusMinor).toBe('5000');
    expect(valueOf(await claim(second, activity.id), BonusGrantSchema).bonusMinor).toBe('3000');
    expect(codeOf(await claim(third, activity.id))).toBe('PROMOTION_BUDGET_SPENT');
  });

  it('refuses a rule that does not fit its kind, creating nothing', async () => {
    const bad = [
      draft('daily_bonus', null),
      draft('daily_bonus', { period: 'week' }),
      draft('weekly_bonus', { period: 'day' }),
      draft('newbie_bonus', { period: 'day' }),
      draft('loss_rebate', {}),
      draft('daily_bonus', { amount: { type: 'loss_percent', percent: 10, capMinor: '100' } }),
      draft('red_envelope', {}),
      draft('daily_bonus', { amount: { type: 'fixed', minor: '-5' } }),
      draft('daily_bonus', { wageringMultiplier: 101 }),
      draft('loss_rebate', {
        period: 'once',
        amount: { type: 'loss_percent', percent: 10, capMinor: '100' },
      }),
    ];
    for (const body of bad) {
      const answer = await ops(world.app, 'POST', '/ops/merchants/lanna/promotions', body);
      expect(answer.statusCode, JSON.stringify(body.rewardRule)).toBe(400);
      expect(['VALIDATION_FAILED', 'RULES_NOT_MET']).toContain(codeOf(answer));
    }
  });
});
