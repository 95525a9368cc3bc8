// Deposit bonuses with wagering (issue 24 items 2 and 3): a claim pays the rule's share of the
// qualifying deposit into the member's bonus account, once however many claims arrive; settled
// bets count toward the requirement by their category's weight, each for one grant; a met
// bonus moves to the main wallet, an expired one back to the house, exactly its amount; bad
// claims get a code and move nothing; the ledger stays balanced throughout.
import {
  BonusGrantSchema,
  PromotionListSchema,
  PromotionPayoutsSchema,
  type BonusRule,
} from '@lanna/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/app-error.ts';
import {
  creditBody,
  debitBody,
  newPlayer,
  useVendorWorld,
  vendorPost,
} from '../../testing/factories/games.ts';
import { sessionTokenOf } from '../../testing/factories/members.ts';
import { promotionKit, type PromotionMember } from '../../testing/factories/promotions.ts';
import { codeOf, getAs, ops, postAs, valueOf } from '../../testing/requests.ts';
import { settleBonusesForWithdrawal } from './bonus-grants.service.ts';

const world = useVendorWorld();
const DAY_MS = 86_400_000;

const RULE: BonusRule = {
  percent: 100,
  capMinor: '50000',
  minDepositMinor: '10000',
  wageringMultiplier: 2,
  wageringBasis: 'bonus',
  validDays: 7,
  contributionPercent: { RNG: 50 },
  maxBetMinor: null,
  forfeitOnWithdrawal: false,
  budgetTotalMinor: null,
  budgetReceivers: null,
};

type Member = PromotionMember;

const kit = promotionKit(world);
const { newMember, deposit, siteOf, claim, bonuses, accountBalance, promotionHouse, playRound } =
  kit;

const createActivity = async (overrides: Record<string, unknown> = {}, merchantCode = 'lanna') =>
  kit.createActivity(
    {
      title: `First deposit ${Math.random().toString(36).slice(2, 8)}`,
      summary: 'Doubled.',
      content: '<p>Terms.</p>',
      imageUrl: null,
      kind: 'first_deposit_bonus',
      categories: ['deposit'],
      startsAt: new Date(world.clock().getTime() - DAY_MS).toISOString(),
      endsAt: null,
      audience: { newMembersWithinDays: null, agentTeamOf: null },
      sort: 0,
      paused: false,
      bonusRule: RULE,
      reason: 'test activity',
      ...overrides,
    },
    merchantCode,
  );

describe('POST /wps/member/promotions/:id/claim', () => {
  it('pays the share of the first deposit into the bonus account, once', async () => {
    const activity = await createActivity();
    const member = await newMember();
    const newcomer = await newMember();
    await deposit(member, 30_000n);
    const houseBefore = await promotionHouse();
    const centreStatus = async (of: Member) =>
      valueOf(
        await getAs(world.app, siteOf(of), '/wps/member/promotions?category=deposit'),
        PromotionListSchema,
      ).list.find((promotion) => promotion.id === activity.id)?.status;
    expect(await centreStatus(member)).toBe('claim');
    expect(await centreStatus(newcomer)).toBe('join');

    const grant = valueOf(await claim(member, activity.id), BonusGrantSchema);
    expect(grant).toMatchObject({
      promotionId: activity.id,
      bonusMinor: '30000',
      depositMinor: '30000',
      wageringRequiredMinor: '60000',
      wageredMinor: '0',
      remainingMinor: '60000',
      status: 'active',
    });
    expect(Date.parse(grant.expiresAt) - world.clock().getTime()).toBe(7 * DAY_MS);
    expect(await accountBalance(member, 'bonus')).toBe(30_000n);
    expect(await accountBalance(member, 'main')).toBe(130_000n);
    expect(await promotionHouse()).toBe(houseBefore - 30_000n);

    expect(codeOf(await claim(member, activity.id))).toBe('PROMOTION_ALREADY_CLAIMED');
    expect(await accountBalance(member, 'bonus')).toBe(30_000n);
    expect(await centreStatus(member)).toBe('claimed');
  });

  it('pays once under 50 concurrent claims of one member', async () => {
    const activity = await createActivity();
    const member = await newMember();
    await deposit(member, 20_000n);
    const answers = await Promise.all(Array.from({ length: 50 }, () => claim(member, activity.id)));
    const codes = answers.map((answer) => codeOf(answer));
    expect(codes.filter((code) => code === 'OK')).toHaveLength(1);
    expect(codes.filter((code) => code !== 'OK')).toEqual(
      Array.from({ length: 49 }, () => 'PROMOTION_ALREADY_CLAIMED'),
    );
    expect(await accountBalance(member, 'bonus')).toBe(20_000n);
  });

  it('keeps within its number of receivers and its total when members claim at once', async () => {
    const activity = await createActivity({
      bonusRule: { ...RULE, budgetReceivers: 3, budgetTotalMinor: '50000' },
    });
    const members = await Promise.all(Array.from({ length: 6 }, () => newMember()));
    for (const member of members) await deposit(member, 20_000n);
    const codes = (await Promise.all(members.map((member) => claim(member, activity.id)))).map(
      (answer) => codeOf(answer),
    );
    expect(codes.filter((code) => code === 'OK')).toHaveLength(3);
    expect(codes.filter((code) => code === 'PROMOTION_BUDGET_SPENT')).toHaveLength(3);
    const paid = await Promise.all(members.map((member) => accountBalance(member, 'bonus')));
    // 20,000 + 20,000, then the total's last 10,000: the third grant is cut, never above it.
    expect(paid.reduce((sum, amount) => sum + amount, 0n)).toBe(50_000n);
    expect([...paid].sort((a, b) => Number(b - a))).toEqual([
      20_000n,
      20_000n,
      10_000n,
      0n,
      0n,
      0n,
    ]);
  });

  it('refuses what it must not pay with a code, moving nothing', async () => {
    const activity = await createActivity();
    const paused = await createActivity({ paused: true });
    const later = await createActivity({
      startsAt: new Date(world.clock().getTime() + DAY_MS).toISOString(),
    });
    const newbies = await createActivity({
      audience: { newMembersWithinDays: 1, agentTeamOf: null },
    });
    const review = await createActivity({ kind: 'apply_review', bonusRule: null });
    const member = await newMember();
    const houseBefore = await promotionHouse();

    expect(codeOf(await claim(member, activity.id))).toBe('BONUS_NOT_ELIGIBLE');
    await deposit(member, 9_999n);
    expect(codeOf(await claim(member, activity.id))).toBe('BONUS_NOT_ELIGIBLE');
    await deposit(member, 50_000n);
    // The first deposit was below the minimum: a first-deposit bonus never pays for a later one.
    expect(codeOf(await claim(member, activity.id))).toBe('BONUS_NOT_ELIGIBLE');
    expect(codeOf(await claim(member, paused.id))).toBe('PROMOTION_CLOSED');
    expect(codeOf(await claim(member, later.id))).toBe('PROMOTION_CLOSED');
    expect(codeOf(await claim(member, review.id))).toBe('BONUS_NOT_ELIGIBLE');
    await world.db.query(
      `UPDATE members SET created_at = $2::timestamptz - interval '3 days' WHERE id = $1`,
      [member.memberId, world.clock()],
    );
    expect(codeOf(await claim(member, newbies.id))).toBe('PROMOTION_NOT_FOR_YOU');
    expect(codeOf(await claim(member, 999_999))).toBe('PROMOTION_NOT_FOUND');
    for (const id of ['abc', '0', '-1', '1.5', '9'.repeat(30)]) {
      const answer = await claim(member, id);
      expect([answer.statusCode, codeOf(answer)]).toEqual([400, 'VALIDATION_FAILED']);
    }
    const siamActivity = await createActivity({}, 'siam');
    expect(codeOf(await claim(member, siamActivity.id))).toBe('PROMOTION_NOT_FOUND');
    const trial = await newPlayer(world, { type: 4 });
    const trialToken = await sessionTokenOf(world.app, world.db, {
      ...trial,
      merchantCode: 'lanna',
      host: 'localhost',
    });
    const trialAnswer = await postAs(
      world.app,
      { host: 'localhost', token: trialToken },
      `/wps/member/promotions/${activity.id}/claim`,
      {},
    );
    expect(codeOf(trialAnswer)).toBe('TRIAL_ACCOUNT_FORBIDDEN');
    expect(await accountBalance(member, 'bonus')).toBe(0n);
    expect(await promotionHouse()).toBe(houseBefore);
  });
});

describe('GET /wps/member/bonuses', () => {
  it('counts settled bets by weight and releases the bonus to the main wallet when met', async () => {
    const activity = await createActivity();
    const member = await newMember();
    await deposit(member, 10_000n);
    const grant = valueOf(await claim(member, activity.id), BonusGrantSchema);
    // 10,000 bonus x 2 = 20,000 to wager; the slot counts at 50%.
    await playRound(member, '8000', '3000');
    const open = await bonuses(member);
    expect(open.lockedMinor).toBe('10000');
    expect(open.list[0]).toMatchObject({
      id: grant.id,
      wageredMinor: '4000',
      remainingMinor: '16000',
      status: 'active',
    });
    // An open round counts nothing until it is settled.
    const pending = debitBody(member, '5000');
    expect((await vendorPost(world, '/vendor/v1/debit', pending)).statusCode).toBe(200);
    expect((await bonuses(member)).list[0]?.wageredMinor).toBe('4000');
    await vendorPost(world, '/vendor/v1/credit', creditBody(member, pending.roundId, '0'));
    await playRound(member, '10000');
    await playRound(member, '20000', '40000');
    const mainBefore = await accountBalance(member, 'main');

    const done = await bonuses(member);
    expect(done.lockedMinor).toBe('0');
    expect(done.list[0]).toMatchObject({
      id: grant.id,
      wageredMinor: '21500',
      remainingMinor: '0',
      status: 'released',
      forfeitReason: null,
    });
    expect(await accountBalance(member, 'bonus')).toBe(0n);
    expect(await accountBalance(member, 'main')).toBe(mainBefore + 10_000n);
    // Looking again pays nothing more.
    await bonuses(member);
    expect(await accountBalance(member, 'main')).toBe(mainBefore + 10_000n);
    const payouts = valueOf(
      await ops(world.app, 'GET', `/ops/merchants/lanna/promotions/${activity.id}/payouts`),
      PromotionPayoutsSchema,
    );
    expect(payouts).toMatchObject({
      receivers: 1,
      bonusGrantedMinor: '10000',
      bonusReleasedMinor: '10000',
      bonusLockedMinor: '0',
      paidMinor: '10000',
    });
    for (const url of [
      `/ops/merchants/siam/promotions/${activity.id}/payouts`,
      '/ops/merchants/lanna/promotions/999999/payouts',
    ])
      expect(codeOf(await ops(world.app, 'GET', url))).toBe('NOT_FOUND');
  });

  it('counts each round for one grant, the oldest open one first', async () => {
    const first = await createActivity({ kind: 'first_deposit_bonus' });
    const reload = await createActivity({
      kind: 'deposit_bonus',
      bonusRule: { ...RULE, contributionPercent: { RNG: 100 } },
    });
    const member = await newMember();
    await deposit(member, 10_000n);
    valueOf(await claim(member, first.id), BonusGrantSchema);
    await deposit(member, 10_000n);
    valueOf(await claim(member, reload.id), BonusGrantSchema);
    // The first grant needs 20,000 at 50%: 40,000 of stakes. Each round counts for one grant.
    await playRound(member, '30000');
    await playRound(member, '10000');
    await playRound(member, '6000');
    const list = (await bonuses(member)).list;
    const byPromotion = Object.fromEntries(list.map((grant) => [grant.promotionId, grant]));
    expect(byPromotion[first.id]).toMatchObject({ wageredMinor: '20000', status: 'released' });
    expect(byPromotion[reload.id]).toMatchObject({ wageredMinor: '6000', status: 'active' });
    const counted = await world.db.one<{ rounds: number; stakes: string }>(
      `SELECT count(*)::int AS rounds, sum(stake_minor)::text AS stakes FROM bonus_wagers w
       JOIN bonus_grants g ON g.id = w.grant_id WHERE g.member_id = $1`,
      [member.memberId],
    );
    expect(counted).toEqual({ rounds: 3, stakes: '46000' });
  });

  it('forfeits an expired bonus back to the house, exactly its amount', async () => {
    const activity = await createActivity();
    const member = await newMember();
    await deposit(member, 25_000n);
    valueOf(await claim(member, activity.id), BonusGrantSchema);
    await playRound(member, '1000');
    const houseBefore = await promotionHouse();
    const mainBefore = await accountBalance(member, 'main');
    world.clock.set(new Date(world.clock().getTime() + 7 * DAY_MS + 1000).toISOString());
    member.siteToken = await sessionTokenOf(world.app, world.db, {
      ...member,
      merchantCode: 'lanna',
    });

    const list = await bonuses(member);
    expect(list.lockedMinor).toBe('0');
    expect(list.list[0]).toMatchObject({ status: 'forfeited', forfeitReason: 'expired' });
    expect(await accountBalance(member, 'bonus')).toBe(0n);
    expect(await promotionHouse()).toBe(houseBefore + 25_000n);
    expect(await accountBalance(member, 'main')).toBe(mainBefore);
  });

  it('answers a member with no bonus an empty list', async () => {
    const member = await newMember();
    expect(await bonuses(member)).toEqual({ lockedMinor: '0', list: [] });
  });
});

describe('a bet while a bonus is open', () => {
  it("is refused above the bonus's largest bet when placed, and allowed once it is released", async () => {
    const activity = await createActivity({
      bonusRule: { ...RULE, percent: 20, maxBetMinor: '5000' },
    });
    const member = await newMember();
    await deposit(member, 10_000n);
    valueOf(await claim(member, activity.id), BonusGrantSchema);
    const mainBefore = await accountBalance(member, 'main');
    const tooBig = await vendorPost(world, '/vendor/v1/debit', debitBody(member, '5001'));
    expect([tooBig.statusCode, codeOf(tooBig)]).toEqual([409, 'BONUS_MAX_BET_EXCEEDED']);
    expect(await accountBalance(member, 'main')).toBe(mainBefore);
    // The requirement: 2,000 x 2 at 50%, so 8,000 of stakes at the limit.
    await playRound(member, '5000');
    await playRound(member, '3000');
    expect((await bonuses(member)).list[0]?.status).toBe('released');
    await playRound(member, '9000');
  });
});

describe('a withdrawal with an open bonus', () => {
  it('is refused under a rule that keeps the bonus, and forfeits it under one that does not', async () => {
    const keeping = await createActivity();
    const forfeiting = await createActivity({
      kind: 'deposit_bonus',
      bonusRule: { ...RULE, forfeitOnWithdrawal: true },
    });
    const keeper = await newMember();
    await deposit(keeper, 10_000n);
    valueOf(await claim(keeper, keeping.id), BonusGrantSchema);
    const ctxOf = (member: Member) => ({
      db: world.db,
      merchantId: member.merchantId,
      memberId: member.memberId,
      now: world.clock(),
    });
    await expect(
      world.db.transaction((tx) => settleBonusesForWithdrawal(tx, { ...ctxOf(keeper), db: tx })),
    ).rejects.toEqual(new AppError('BONUS_WAGERING_OPEN'));
    expect(await accountBalance(keeper, 'bonus')).toBe(10_000n);

    const leaver = await newMember();
    await deposit(leaver, 10_000n);
    valueOf(await claim(leaver, forfeiting.id), BonusGrantSchema);
    const houseBefore = await promotionHouse();
    await world.db.transaction((tx) =>
      settleBonusesForWithdrawal(tx, { ...ctxOf(leaver), db: tx }),
    );
    expect(await accountBalance(leaver, 'bonus')).toBe(0n);
    expect(await promotionHouse()).toBe(houseBefore + 10_000n);
    expect((await bonuses(leaver)).list[0]).toMatchObject({
      status: 'forfeited',
      forfeitReason: 'withdrawal',
    });
  });
});
