// Contests (issue 24 item 2; decision 024): a turnover ranking ranks members by the valid bet
// of its period and pays its prizes by place once decided after the end; a raffle gives tickets
// by valid bet and draws its winners from a seed whose hash was public from the start, so the
// published seed and entries give the same winners again. Winners claim once, within the days
// to claim; bad rules and claims get a code and move nothing.
import { createHash } from 'node:crypto';
import {
  BonusGrantSchema,
  ContestStandingSchema,
  ContestStateSchema,
  PromotionListSchema,
  type ContestRule,
} from '@lanna/contract';
import { describe, expect, it } from 'vitest';
import { TEST_START, useVendorWorld } from '../../testing/factories/games.ts';
import { promotionKit, type PromotionMember } from '../../testing/factories/promotions.ts';
import { codeOf, getAs, ops, valueOf } from '../../testing/requests.ts';
import { drawRaffle } from './contest-results.ts';
import { decideEndedContests } from './contests.service.ts';

const world = useVendorWorld();
const kit = promotionKit(world);
const { newMember, claim, accountBalance, promotionHouse, playRound, siteOf } = kit;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

const RULE: ContestRule = {
  categories: [],
  minValidBetMinor: '0',
  ticketMinor: null,
  maxTicketsPerMember: null,
  prizesMinor: ['30000', '20000', '10000'],
  claimDays: 7,
  wageringMultiplier: 0,
  validDays: 7,
  contributionPercent: {},
  maxBetMinor: null,
  forfeitOnWithdrawal: false,
};

/**
 * Each test runs on a day of its own (the test's start plus `day` days), so no other test's
 * rounds fall into its contest's period.
 */
const dayOf = (day: number) => new Date(Date.parse(TEST_START) + day * DAY_MS);
const at = (day: number, hours: number) => new Date(dayOf(day).getTime() + hours * HOUR_MS);

const draft = (
  kind: string,
  day: number,
  rule: Partial<ContestRule> | null = {},
  overrides = {},
) => ({
  title: `${kind} ${Math.random().toString(36).slice(2, 8)}`,
  summary: 'Bet to win.',
  content: '<p>Terms.</p>',
  imageUrl: null,
  kind,
  categories: ['ranking'],
  startsAt: dayOf(day).toISOString(),
  endsAt: at(day, 2).toISOString(),
  audience: { newMembersWithinDays: null, agentTeamOf: null },
  sort: 0,
  paused: false,
  contestRule: rule && { ...RULE, ...rule },
  reason: 'test contest',
  ...overrides,
});

const contestOf = async (id: number) =>
  valueOf(
    await world.app.inject({ method: 'GET', url: `/wps/promotions/${id}/contest` }),
    ContestStateSchema,
  );

const standingOf = async (member: PromotionMember, id: number) =>
  valueOf(
    await getAs(world.app, siteOf(member), `/wps/member/promotions/${id}/contest`),
    ContestStandingSchema,
  );

const statusOf = async (member: PromotionMember, id: number) =>
  valueOf(
    await getAs(world.app, siteOf(member), '/wps/member/promotions'),
    PromotionListSchema,
  ).list.find((promotion) => promotion.id === id)?.status;

/** Moves the clock to `time` and signs the members in again (their sessions ended meanwhile). */
const moveClockTo = async (time: Date, ...members: PromotionMember[]) => {
  world.clock.set(time.toISOString());
  for (const member of members) await kit.signInAgain(member);
};

const messagesOf = (member: PromotionMember) =>
  world.db.query<{ title: string }>(
    `SELECT title FROM messages WHERE member_id = $1 AND kind = 'platform'`,
    [member.memberId],
  );

const countPromotions = async () =>
  (await world.db.one<{ count: number }>('SELECT count(*)::int AS count FROM promotions')).count;

const decide = () => decideEndedContests({ db: world.db, now: world.clock() });

/** Members made at `time`, in the contest's period (a new game session each). */
const membersAt = async (time: Date, count: number) => {
  world.clock.set(time.toISOString());
  const members: PromotionMember[] = [];
  for (let index = 0; index < count; index += 1) members.push(await newMember());
  return members;
};

describe('turnover ranking', () => {
  it('ranks by valid bet, shows the live board, and pays each place once after the decision', async () => {
    const ranking = await kit.createActivity(draft('turnover_ranking', 1));
    const [first, second, third, fourth] = await membersAt(at(1, 0.5), 4);
    if (!first || !second || !third || !fourth) throw new Error('four members');
    await playRound(first, '9000', '1000');
    await playRound(second, '5000');
    await playRound(third, '2000', '8000');
    await playRound(fourth, '1000');
    await playRound(second, '2000');

    const live = await contestOf(ranking.id);
    expect(live).toMatchObject({ decided: false, entrants: 4, seedHash: null, seed: null });
    expect(live.board.map(({ validBetMinor, prizeMinor }) => [validBetMinor, prizeMinor])).toEqual([
      ['9000', '30000'],
      ['7000', '20000'],
      ['2000', '10000'],
      ['1000', null],
    ]);
    expect(live.board[0]?.account).toContain('***');
    expect(await standingOf(second, ranking.id)).toMatchObject({
      validBetMinor: '7000',
      place: 2,
      prizeMinor: '20000',
      claimed: false,
    });
    expect(await statusOf(second, ranking.id)).toBe('joined');
    expect(codeOf(await claim(second, ranking.id))).toBe('CONTEST_NOT_DECIDED');

    // Ended, not yet decided: in process; a bet after the end counts for nothing.
    await moveClockTo(at(1, 2.5), first, second, third, fourth);
    expect(await statusOf(second, ranking.id)).toBe('process');
    await decide();
    await decide();
    const final = await contestOf(ranking.id);
    expect(final.decided).toBe(true);
    // Decided once: each winner is told once, by a platform message; the fourth is not.
    for (const [member, count] of [
      [first, 1],
      [second, 1],
      [third, 1],
      [fourth, 0],
    ] as const)
      expect(await messagesOf(member)).toHaveLength(count);
    expect((await messagesOf(second))[0]?.title).toBe('You won a prize');
    expect(final.board.map(({ place, prizeMinor }) => [place, prizeMinor])).toEqual([
      [1, '30000'],
      [2, '20000'],
      [3, '10000'],
      [4, null],
    ]);

    const houseBefore = await promotionHouse();
    const mainBefore = await accountBalance(second, 'main');
    expect(await statusOf(second, ranking.id)).toBe('claim');
    const grant = valueOf(await claim(second, ranking.id), BonusGrantSchema);
    expect(grant).toMatchObject({ bonusMinor: '20000', status: 'released' });
    expect(await accountBalance(second, 'main')).toBe(mainBefore + 20_000n);
    expect(await promotionHouse()).toBe(houseBefore - 20_000n);
    expect(codeOf(await claim(second, ranking.id))).toBe('PROMOTION_ALREADY_CLAIMED');
    expect(await statusOf(second, ranking.id)).toBe('claimed');
    expect(codeOf(await claim(fourth, ranking.id))).toBe('BONUS_NOT_ELIGIBLE');
    expect(await statusOf(fourth, ranking.id)).toBe('close');

    // The winners' days to claim end with the contest's claim window.
    await moveClockTo(at(1, 2 + 7 * 24), first);
    expect(codeOf(await claim(first, ranking.id))).toBe('PROMOTION_CLOSED');
    expect(await promotionHouse()).toBe(houseBefore - 20_000n);
  });

  it('ranks equal totals by who reached them first, and counts only its categories', async () => {
    const ranking = await kit.createActivity(draft('turnover_ranking', 2));
    const liveOnly = await kit.createActivity(
      draft('turnover_ranking', 2, { categories: ['LIVE'] }),
    );
    const [early, late] = await membersAt(at(2, 0.5), 2);
    if (!early || !late) throw new Error('two members');
    await playRound(early, '3000');
    // Ten minutes later (the game session still open).
    world.clock.set(at(2, 0.5 + 1 / 6).toISOString());
    await playRound(late, '3000');

    const board = (await contestOf(ranking.id)).board;
    expect(board.map(({ validBetMinor }) => validBetMinor)).toEqual(['3000', '3000']);
    expect((await standingOf(early, ranking.id)).place).toBe(1);
    expect((await standingOf(late, ranking.id)).place).toBe(2);
    // The test vendor's slot is an RNG game: a live-casino ranking has no entrant.
    expect((await contestOf(liveOnly.id)).entrants).toBe(0);
  });

  it('keeps a decided contest as it was decided', async () => {
    const ranking = await kit.createActivity(draft('turnover_ranking', 3));
    world.clock.set(at(3, 3).toISOString());
    await decide();
    const edit = await ops(world.app, 'PUT', `/ops/merchants/lanna/promotions/${ranking.id}`, {
      ...draft('turnover_ranking', 3, { prizesMinor: ['99999'] }),
      title: ranking.title,
    });
    expect(codeOf(edit)).toBe('RULES_NOT_MET');
    const pause = await ops(world.app, 'PUT', `/ops/merchants/lanna/promotions/${ranking.id}`, {
      ...draft('turnover_ranking', 3),
      title: 'Renamed after the end',
    });
    expect(pause.statusCode, pause.body).toBe(200);
  });
});

describe('raffle', () => {
  it('draws from its committed seed, so the published seed and entries give the same winners', async () => {
    const raffle = await kit.createActivity(
      draft('raffle', 4, {
        ticketMinor: '1000',
        maxTicketsPerMember: 5,
        prizesMinor: ['50000', '5000'],
      }),
    );
    const members = await membersAt(at(4, 0.5), 5);
    const stakes = ['1500', '2000', '9000', '500', '4000'];
    for (const [index, member] of members.entries()) await playRound(member, stakes[index] ?? '0');

    const before = await contestOf(raffle.id);
    // 1 + 2 + 5 (capped) + 0 (below one ticket) + 4 tickets, four entrants.
    expect(before).toMatchObject({
      decided: false,
      entrants: 4,
      tickets: 12,
      board: [],
      seed: null,
    });
    expect(before.seedHash).toMatch(/^[0-9a-f]{64}$/);
    const [, second, third] = members;
    if (!second || !third) throw new Error('members');
    expect(await standingOf(third, raffle.id)).toMatchObject({ tickets: 5, place: null });
    // Short of a ticket: the member still sees what it has bet so far.
    const fourth = members[3];
    if (!fourth) throw new Error('members');
    expect(await standingOf(fourth, raffle.id)).toMatchObject({ validBetMinor: '500', tickets: 0 });

    await moveClockTo(at(4, 3), ...members);
    await decide();
    const drawn = await contestOf(raffle.id);
    expect(drawn.decided).toBe(true);
    if (!drawn.seed || !drawn.entries)
      throw new Error('a drawn raffle publishes its seed and entries');
    expect(createHash('sha256').update(Buffer.from(drawn.seed, 'hex')).digest('hex')).toBe(
      before.seedHash,
    );
    expect(drawn.entries.map(({ tickets }) => tickets)).toEqual([1, 2, 5, 4]);
    const again = drawRaffle(
      drawn.seed,
      drawn.entries.map(({ tickets }) => BigInt(tickets)),
      2,
    );
    expect(
      drawn.board.map(({ place, account, prizeMinor }) => [place, account, prizeMinor]),
    ).toEqual(
      again.map((index, order) => [
        order + 1,
        drawn.entries?.[index]?.account,
        ['50000', '5000'][order],
      ]),
    );

    // Every winner claims once; a burst of claims pays once.
    const standings = await Promise.all(members.map((member) => standingOf(member, raffle.id)));
    const winners = members.filter((_, index) => standings[index]?.prizeMinor !== null);
    expect(winners).toHaveLength(2);
    const houseBefore = await promotionHouse();
    const answers = await Promise.all(
      winners.flatMap((winner) => Array.from({ length: 25 }, () => claim(winner, raffle.id))),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(2);
    expect(new Set(answers.filter((answer) => answer.statusCode !== 200).map(codeOf))).toEqual(
      new Set(['PROMOTION_ALREADY_CLAIMED']),
    );
    expect(await promotionHouse()).toBe(houseBefore - 55_000n);
  });
});

describe('contest rules', () => {
  it('refuses rules that do not fit their kind, creating nothing', async () => {
    const refused = [
      draft('turnover_ranking', 5, { ticketMinor: '1000' }),
      draft('turnover_ranking', 5, { prizesMinor: ['100', '200'] }),
      draft('raffle', 5, { ticketMinor: null }),
      draft('raffle', 5, { ticketMinor: '1000' }, { endsAt: null }),
      draft('raffle', 5, null),
      draft('daily_bonus', 5, {}),
      draft('turnover_ranking', 5, { prizesMinor: [] }),
      draft('turnover_ranking', 5, { prizesMinor: ['-5'] }),
    ];
    const before = await countPromotions();
    for (const body of refused) {
      const answer = await ops(world.app, 'POST', '/ops/merchants/lanna/promotions', body);
      expect(answer.statusCode, JSON.stringify(body.contestRule)).toBe(400);
    }
    const after = await countPromotions();
    expect(after).toBe(before);
  });

  it('answers an unknown contest, or an activity that is no contest, with PROMOTION_NOT_FOUND', async () => {
    const daily = await kit.createActivity({
      ...draft('daily_bonus', 6, null),
      rewardRule: {
        period: 'day',
        amount: { type: 'fixed', minor: '100' },
        minDepositMinor: '0',
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
    for (const id of ['999999', String(daily.id)]) {
      const answer = await world.app.inject({
        method: 'GET',
        url: `/wps/promotions/${id}/contest`,
      });
      expect(codeOf(answer)).toBe('PROMOTION_NOT_FOUND');
    }
    const bad = await world.app.inject({ method: 'GET', url: '/wps/promotions/1x/contest' });
    expect(bad.statusCode).toBe(400);
  });
});
