// Missions (issue 24 item 4; decision 025): a mission's progress is what the member really did
// in its period of the merchant's zone (GMT+7): valid bets and wins on its categories, deposits,
// sign-ins, invited members. Reaching the target makes it claimable once per period, the count
// of those is the mission tab's badge, and a new day or week starts it again. Bad rules and
// claims get a code and move nothing.
import { BonusGrantSchema, MissionListSchema, type MissionRule } from '@lanna/contract';
import { describe, expect, it } from 'vitest';
import { useVendorWorld } from '../../testing/factories/games.ts';
import { newSignedInMember, signIn } from '../../testing/factories/members.ts';
import { promotionKit, type PromotionMember } from '../../testing/factories/promotions.ts';
import { codeOf, getAs, ops, postAs, valueOf, type Caller } from '../../testing/requests.ts';

const world = useVendorWorld();
const kit = promotionKit(world);
const { newMember, claim, accountBalance, promotionHouse, playRound, siteOf } = kit;
const DAY_MS = 86_400_000;

const RULE: MissionRule = {
  period: 'day',
  task: 'valid_bet',
  target: '5000',
  categories: ['RNG'],
  rewardMinor: '1000',
  wageringMultiplier: 0,
  validDays: 7,
  contributionPercent: {},
  maxBetMinor: null,
  forfeitOnWithdrawal: false,
  budgetTotalMinor: null,
  budgetReceivers: null,
};

const draft = (rule: Partial<MissionRule> | null, overrides = {}) => ({
  title: `mission ${Math.random().toString(36).slice(2, 8)}`,
  summary: 'A task a day.',
  content: '<p>Terms.</p>',
  imageUrl: null,
  kind: 'mission',
  categories: ['daily'],
  startsAt: new Date(world.clock().getTime() - DAY_MS).toISOString(),
  endsAt: null,
  audience: { newMembersWithinDays: null, agentTeamOf: null },
  sort: 0,
  paused: false,
  missionRule: rule && { ...RULE, ...rule },
  reason: 'test mission',
  ...overrides,
});

const missionsOf = async (caller: Caller) =>
  valueOf(await getAs(world.app, caller, '/wps/member/missions'), MissionListSchema);

const missionOf = async (caller: Caller, id: number) =>
  (await missionsOf(caller)).list.find((mission) => mission.id === id);

describe('missions', () => {
  it('counts the day’s valid bet on its categories, pays once at the target, and starts again the next day', async () => {
    const mission = await kit.createActivity(draft({}));
    const member = await newMember();
    const houseBefore = await promotionHouse();
    const mainBefore = await accountBalance(member, 'main');

    expect(await missionOf(siteOf(member), mission.id)).toMatchObject({
      progress: '0',
      status: 'join',
      // 17:00 UTC is midnight in GMT+7.
      periodEndsAt: '2026-03-01T17:00:00.000Z',
    });
    await playRound(member, '3000');
    expect(codeOf(await claim(member, mission.id))).toBe('BONUS_NOT_ELIGIBLE');
    expect(await missionOf(siteOf(member), mission.id)).toMatchObject({ progress: '3000' });
    await playRound(member, '4000', '9000');
    const reached = await missionsOf(siteOf(member));
    expect(reached.list.find((item) => item.id === mission.id)).toMatchObject({
      progress: '5000',
      status: 'claim',
    });
    expect(reached.claimableCount).toBe(1);

    const grant = valueOf(await claim(member, mission.id), BonusGrantSchema);
    expect(grant).toMatchObject({ bonusMinor: '1000', status: 'released' });
    expect(await accountBalance(member, 'main')).toBe(mainBefore - 7_000n + 9_000n + 1_000n);
    expect(await promotionHouse()).toBe(houseBefore - 1_000n);
    expect(codeOf(await claim(member, mission.id))).toBe('PROMOTION_ALREADY_CLAIMED');
    const claimed = await missionsOf(siteOf(member));
    expect(claimed.list.find((item) => item.id === mission.id)?.status).toBe('claimed');
    expect(claimed.claimableCount).toBe(0);

    // The next day of the merchant's zone starts the mission again from nothing.
    world.clock.set('2026-03-01T17:00:00.000Z');
    await kit.signInAgain(member);
    expect(await missionOf(siteOf(member), mission.id)).toMatchObject({
      progress: '0',
      status: 'join',
    });
    // Missions are the mission tab's, not the promotions centre's.
    const centre = await getAs(world.app, siteOf(member), '/wps/member/promotions');
    expect(centre.body).not.toContain(mission.title);
  });

  it('counts wins and deposits over their periods, and only the categories named', async () => {
    const wins = await kit.createActivity(draft({ task: 'wins', target: '2' }));
    const liveWins = await kit.createActivity(
      draft({ task: 'wins', target: '1', categories: ['LIVE'] }),
    );
    const deposits = await kit.createActivity(
      draft({ task: 'deposit', target: '50000', categories: [], period: 'week' }),
    );
    const member = await newMember();
    await playRound(member, '1000', '3000');
    await playRound(member, '1000', '0');
    await playRound(member, '1000', '1000');
    expect(await missionOf(siteOf(member), wins.id)).toMatchObject({
      progress: '1',
      status: 'join',
    });
    await playRound(member, '1000', '1500');
    expect(await missionOf(siteOf(member), wins.id)).toMatchObject({
      progress: '2',
      status: 'claim',
    });
    // The test vendor's slot is an RNG game: no live-casino win.
    expect(await missionOf(siteOf(member), liveWins.id)).toMatchObject({ progress: '0' });

    await kit.deposit(member, 30_000n);
    expect(await missionOf(siteOf(member), deposits.id)).toMatchObject({ progress: '30000' });
    await kit.deposit(member, 30_000n);
    // Progress shows at most the target.
    expect(await missionOf(siteOf(member), deposits.id)).toMatchObject({
      progress: '50000',
      status: 'claim',
      // The week ends on Monday 2026-03-02, 00:00 in GMT+7.
      periodEndsAt: '2026-03-01T17:00:00.000Z',
    });
  });

  it('counts sign-ins and invited members of the period', async () => {
    const logins = await kit.createActivity(draft({ task: 'login', target: '2', categories: [] }));
    const invites = await kit.createActivity(
      draft({ task: 'invite', target: '1', categories: [], period: 'once' }),
    );
    const member = await newSignedInMember(world.app, world.db);
    expect(await missionOf(member, logins.id)).toMatchObject({ progress: '0' });
    await signIn(world.app, member);
    member.token = await signIn(world.app, member);
    expect(await missionOf(member, logins.id)).toMatchObject({ progress: '2', status: 'claim' });
    expect(
      (await postAs(world.app, member, `/wps/member/promotions/${logins.id}/claim`, {})).statusCode,
    ).toBe(200);

    const friend = await newSignedInMember(world.app, world.db);
    expect(await missionOf(member, invites.id)).toMatchObject({ progress: '0' });
    // Registered now (the test clock's) with the member's code.
    await world.db.query('UPDATE members SET referrer_id = $1, created_at = $3 WHERE id = $2', [
      member.memberId,
      friend.memberId,
      world.clock(),
    ]);
    // A one-time mission: no period end, paid once for good.
    expect(await missionOf(member, invites.id)).toMatchObject({
      progress: '1',
      status: 'claim',
      periodEndsAt: null,
    });
    const invited = `/wps/member/promotions/${invites.id}/claim`;
    expect((await postAs(world.app, member, invited, {})).statusCode).toBe(200);
    world.clock.set(new Date(world.clock().getTime() + 3 * DAY_MS).toISOString());
    member.token = await signIn(world.app, member);
    expect(await missionOf(member, invites.id)).toMatchObject({ status: 'claimed' });
    expect(codeOf(await postAs(world.app, member, invited, {}))).toBe('PROMOTION_ALREADY_CLAIMED');
  });

  it('pays a burst of claims once and stops at its budget', async () => {
    const mission = await kit.createActivity(draft({ target: '1000', budgetReceivers: 1 }));
    const [first, second] = [await newMember(), await newMember()];
    await playRound(first, '1000');
    await playRound(second, '1000');
    const houseBefore = await promotionHouse();
    const answers = await Promise.all(Array.from({ length: 20 }, () => claim(first, mission.id)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(codeOf(await claim(second, mission.id))).toBe('PROMOTION_BUDGET_SPENT');
    expect(await promotionHouse()).toBe(houseBefore - 1_000n);
  });

  it('refuses rules that do not fit, and claims it must not pay, moving nothing', async () => {
    for (const body of [
      draft(null),
      draft({ task: 'login', target: '1' }),
      draft({ target: '0' }),
      draft({ rewardMinor: '-1' }),
      { ...draft({}), kind: 'daily_bonus' },
    ]) {
      const answer = await ops(world.app, 'POST', '/ops/merchants/lanna/promotions', body);
      expect(answer.statusCode, JSON.stringify(body.missionRule)).toBe(400);
    }
    const paused = await kit.createActivity(draft({ target: '1' }, { paused: true }));
    const siam = await kit.createActivity(draft({ target: '1' }), 'siam');
    const member: PromotionMember = await newMember();
    await playRound(member, '1000');
    const houseBefore = await promotionHouse();
    expect(await missionOf(siteOf(member), paused.id)).toMatchObject({ status: 'close' });
    expect(codeOf(await claim(member, paused.id))).toBe('PROMOTION_CLOSED');
    expect(codeOf(await claim(member, siam.id))).toBe('PROMOTION_NOT_FOUND');
    expect(await missionOf(siteOf(member), siam.id)).toBeUndefined();
    expect(await promotionHouse()).toBe(houseBefore);
  });
});
