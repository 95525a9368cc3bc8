// The team overview and downline management as agents meet them: an agent sees its whole team
// at any depth (a sub-agent's downlines included) and nothing of anyone else's, with figures
// that add up to what the team really did (deposits, withdrawals paid, settled rounds through
// the vendor wallet API), over days in the merchant's zone; members, trials and guests are
// refused, and bad filters answer 4xx.
import {
  DownlinePageSchema,
  TeamBettingSchema,
  TeamOverviewSchema,
  TeamPlayersSchema,
  TeamTransactionsSchema,
  type DownlinePage,
  type TeamOverview,
} from '@lanna/contract';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { sessionTokenOf, type TestMember } from '../../testing/factories/members.ts';
import {
  closeMemberWorld,
  freePlayToken,
  fundMainWallet,
  openMemberWorld,
  playHouseRound,
  type MemberWorld,
} from '../../testing/member-world.ts';
import { codeOf, getAs, valueOf, type Caller } from '../../testing/requests.ts';
import { insertHierarchy } from '../auth/index.ts';
import {
  getOrCreateHouseAccount,
  getOrCreateMemberAccount,
  moveEntries,
  postTransfer,
} from '../ledger/index.ts';

// 05:00 UTC on 10 March is noon in Bangkok.
const NOW = '2026-03-10T05:00:00.000Z';
const LAST_WEEK = '2026-03-02T05:00:00.000Z';

let world: MemberWorld;
type Member = TestMember & { caller: Caller };
const team = {} as Record<'agent' | 'direct' | 'sub' | 'deep' | 'rival' | 'stranger', Member>;

/** A lanna account below `upline`, registered at `at`, signed in. */
const join = async (
  username: string,
  type: 0 | 1,
  upline: Member | null,
  at = NOW,
): Promise<Member> => {
  const row = await world.db.one<{ id: string }>(
    `INSERT INTO members (merchant_id, username, password_hash, type, nickname, upline_id,
       created_at)
     VALUES ($1, $2, '!', $3, $4, $5, $6) RETURNING id`,
    [world.lanna, username, type, `${username} nick`, upline?.memberId ?? null, at],
  );
  const memberId = Number(row.id);
  await insertHierarchy(world.db, world.lanna, memberId, upline?.memberId ?? null);
  const member: TestMember = {
    memberId,
    merchantId: world.lanna,
    merchantCode: 'lanna',
    username,
    host: 'localhost',
  };
  const token = await sessionTokenOf(world.app, world.db, member);
  return { ...member, caller: { host: 'localhost', token } };
};

/** Money moved as the payments module moves it, at the world's time. */
const move = async (
  type: 'deposit' | 'withdrawal',
  from: number,
  to: number,
  amountMinor: bigint,
) => {
  await postTransfer(
    world.db,
    {
      merchantId: world.lanna,
      type,
      idempotencyKey: `team-test:${randomUUID()}`,
      entries: moveEntries(from, to, amountMinor),
    },
    { now: world.clock() },
  );
};

const deposit = async (member: Member, amountMinor: bigint) => {
  const cashIn = await getOrCreateHouseAccount(world.db, world.lanna, { kind: 'cash_in' });
  const main = await getOrCreateMemberAccount(world.db, world.lanna, member.memberId, {
    kind: 'main',
  });
  await move('deposit', cashIn.id, main.id, amountMinor);
};

/** A withdrawal held, then paid out (or given back when `refunded`). */
const withdraw = async (member: Member, amountMinor: bigint, refunded = false) => {
  const main = await getOrCreateMemberAccount(world.db, world.lanna, member.memberId, {
    kind: 'main',
  });
  const locked = await getOrCreateMemberAccount(world.db, world.lanna, member.memberId, {
    kind: 'locked',
  });
  const cashOut = await getOrCreateHouseAccount(world.db, world.lanna, { kind: 'cash_out' });
  await move('withdrawal', main.id, locked.id, amountMinor);
  await move('withdrawal', locked.id, refunded ? main.id : cashOut.id, amountMinor);
};

const overviewOf = async (member: Member, query = ''): Promise<TeamOverview> =>
  valueOf(
    await getAs(world.app, member.caller, `/wps/agent/team/overview${query}`),
    TeamOverviewSchema,
  );

const downlinesOf = async (member: Member, query = ''): Promise<DownlinePage> =>
  valueOf(
    await getAs(world.app, member.caller, `/wps/agent/downlines${query}`),
    DownlinePageSchema,
  );

const accounts = (page: DownlinePage) => page.list.map((row) => row.account);

beforeAll(async () => {
  world = await openMemberWorld(NOW);
  team.agent = await join('team_agent', 1, null, LAST_WEEK);
  team.direct = await join('team_direct', 0, team.agent, LAST_WEEK);
  team.sub = await join('team_sub', 1, team.agent, '2026-03-09T05:00:00.000Z');
  team.deep = await join('team_deep', 0, team.sub);
  team.rival = await join('rival_agent', 1, null, LAST_WEEK);
  team.stranger = await join('rival_member', 0, team.rival);

  for (const member of [team.direct, team.deep, team.stranger]) {
    await fundMainWallet(world, member.memberId, 50_000n, `team-test:fund:${member.memberId}`);
  }
  // Today in Bangkok: deposits, a withdrawal paid and one given back, and settled rounds.
  await deposit(team.direct, 10_000n);
  await deposit(team.deep, 5_000n);
  await deposit(team.stranger, 99_000n);
  await withdraw(team.direct, 3_000n);
  await withdraw(team.deep, 1_000n, true);
  await playHouseRound(world, team.direct.memberId, 1_000n, 2_500n);
  await playHouseRound(world, team.deep.memberId, 500n, 0n);
  await playHouseRound(world, team.stranger.memberId, 7_000n, 0n);
  // Last week: a deposit that a range of today leaves out.
  world.clock.set(LAST_WEEK);
  await deposit(team.direct, 40_000n);
  world.clock.set(NOW);
});

afterAll(async () => {
  await closeMemberWorld(world);
});

describe('GET /wps/agent/team/overview', () => {
  it("adds up the whole team's day, a sub-agent's downlines included and no one else's", async () => {
    const today = await overviewOf(team.agent, '?from=2026-03-10&to=2026-03-10');
    expect(today).toMatchObject({
      from: '2026-03-10',
      to: '2026-03-10',
      currencySymbol: '฿',
      members: 3,
      directMembers: 2,
      // team_sub registered yesterday, team_deep today.
      newMembers: 1,
      activeMembers: 2,
      depositMinor: '15000',
      // 3,000 paid out; the 1,000 given back nets to nothing.
      withdrawalMinor: '3000',
      validBetMinor: '1500',
      // The players won 1,500 and lost 500.
      profitMinor: '1000',
    });
    // Now, whatever the range: 50,000 + 10,000 + 40,000 - 3,000 - 1,000 + 2,500 for team_direct,
    // 50,000 + 5,000 - 500 for team_deep; the sub-agent holds nothing.
    expect(today.teamBalanceMinor).toBe(String(98_500 + 54_500));
  });

  it('covers the last 7 days by default, last week included', async () => {
    const week = await overviewOf(team.agent);
    expect(week).toMatchObject({ from: '2026-03-04', to: '2026-03-10', depositMinor: '15000' });
    const fortnight = await overviewOf(team.agent, '?from=2026-03-01&to=2026-03-10');
    expect(fortnight).toMatchObject({ depositMinor: '55000', newMembers: 3 });
  });

  it('gives a sub-agent its own team only', async () => {
    expect(await overviewOf(team.sub, '?from=2026-03-10&to=2026-03-10')).toMatchObject({
      members: 1,
      directMembers: 1,
      depositMinor: '5000',
      withdrawalMinor: '0',
      validBetMinor: '500',
      profitMinor: '-500',
      teamBalanceMinor: '54500',
    });
  });

  it('shows an empty team as zeros', async () => {
    const lonely = await join('team_lonely', 1, null);
    expect(await overviewOf(lonely)).toMatchObject({
      members: 0,
      activeMembers: 0,
      teamBalanceMinor: '0',
      depositMinor: '0',
      profitMinor: '0',
    });
  });

  it('refuses members, trials and guests', async () => {
    const url = '/wps/agent/team/overview';
    const asMember = await getAs(world.app, team.direct.caller, url);
    expect([asMember.statusCode, codeOf(asMember)]).toEqual([403, 'FORBIDDEN']);
    const trial = await getAs(
      world.app,
      { host: 'localhost', token: await freePlayToken(world) },
      url,
    );
    expect([trial.statusCode, codeOf(trial)]).toEqual([403, 'TRIAL_ACCOUNT_FORBIDDEN']);
    const guest = await world.app.inject({ method: 'GET', url });
    expect([guest.statusCode, codeOf(guest)]).toEqual([401, 'UNAUTHORIZED']);
  });

  it.each([
    ['?from=2026-03-10&to=2026-03-01', 'RULES_NOT_MET'],
    ['?from=2025-01-01&to=2026-03-10', 'RULES_NOT_MET'],
    ['?from=yesterday', 'VALIDATION_FAILED'],
    ['?agentId=1', 'VALIDATION_FAILED'],
  ])('refuses the range %s with %s', async (query, code) => {
    const response = await getAs(world.app, team.agent.caller, `/wps/agent/team/overview${query}`);
    expect([response.statusCode, codeOf(response)]).toEqual([400, code]);
  });
});

describe('GET /wps/agent/downlines', () => {
  it('lists the whole team newest first, each with its level, upline, balance and team', async () => {
    const page = await downlinesOf(team.agent);
    expect(accounts(page)).toEqual(['team_deep', 'team_sub', 'team_direct']);
    expect(page.total).toBe(3);
    const [deep, sub, direct] = page.list;
    expect(deep).toMatchObject({ level: 2, upline: 'team_sub', isAgent: false, active: true });
    expect(deep?.balanceMinor).toBe('54500');
    expect(sub).toMatchObject({ level: 1, upline: 'team_agent', isAgent: true, teamSize: 1 });
    expect(sub).toMatchObject({ active: false, balanceMinor: '0', lastLoginAt: null });
    expect(direct).toMatchObject({ level: 1, status: 'active', registeredAt: LAST_WEEK });
  });

  it.each([
    ['?level=2', ['team_deep']],
    ['?kind=agent', ['team_sub']],
    ['?kind=member', ['team_deep', 'team_direct']],
    ['?activity=inactive', ['team_sub']],
    ['?activity=active&level=1', ['team_direct']],
    ['?search=DIRECT', ['team_direct']],
    ['?search=sub%20nick', ['team_sub']],
    // Typed wildcards are letters.
    ['?search=team%25', []],
    ['?search=rival', []],
    ['?status=disabled', []],
  ])('filters %s', async (query, expected) => {
    expect(accounts(await downlinesOf(team.agent, query))).toEqual(expected);
  });

  it("pages by cursor, and never reaches past the agent's own subtree", async () => {
    const first = await downlinesOf(team.agent, '?pageSize=2');
    expect(accounts(first)).toEqual(['team_deep', 'team_sub']);
    expect(first.totalPages).toBe(2);
    const second = await downlinesOf(team.agent, `?pageSize=2&pageNo=2&cursor=${first.nextCursor}`);
    expect(accounts(second)).toEqual(['team_direct']);
    expect(second.nextCursor).toBeNull();
    expect(accounts(await downlinesOf(team.sub))).toEqual(['team_deep']);
    expect(accounts(await downlinesOf(team.rival))).toEqual(['rival_member']);
  });

  it('refuses members and bad filters', async () => {
    const asMember = await getAs(world.app, team.direct.caller, '/wps/agent/downlines');
    expect([asMember.statusCode, codeOf(asMember)]).toEqual([403, 'FORBIDDEN']);
    for (const query of ['?level=0', '?level=x', '?status=gone', '?pageSize=1000', '?search=%00']) {
      const response = await getAs(world.app, team.agent.caller, `/wps/agent/downlines${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });
});

describe('team reports', () => {
  const get = async <S extends z.ZodType>(url: string, schema: S) =>
    valueOf(await getAs(world.app, team.agent.caller, url), schema);
  const TODAY = '?from=2026-03-10&to=2026-03-10';

  it('gives team betting by category and vendor, adding up to the totals', async () => {
    const betting = await get(`/wps/agent/team/betting${TODAY}`, TeamBettingSchema);
    expect(betting.totals).toMatchObject({ rounds: 2, validBetMinor: '1500', profitMinor: '1000' });
    expect(betting.vendors.map((v) => [v.vendorCode, v.validBetMinor])).toEqual([
      ['HOUSE', '1500'],
    ]);
    expect(betting.categories).toHaveLength(1);
    expect(betting.categories[0]).toMatchObject({ validBetMinor: '1500', winMinor: '2500' });
  });

  it("lists the team's players by valid bet, and those who lost (user loss)", async () => {
    const players = await get(`/wps/agent/team/players${TODAY}`, TeamPlayersSchema);
    expect(players.list.map((p) => [p.account, p.level, p.validBetMinor, p.profitMinor])).toEqual([
      ['team_direct', 1, '1000', '1500'],
      ['team_deep', 2, '500', '-500'],
    ]);
    const losers = await get(`/wps/agent/team/players${TODAY}&order=loss`, TeamPlayersSchema);
    expect(losers.list.map((p) => p.account)).toEqual(['team_deep']);
    expect(losers.total).toBe(1);
  });

  it("lists the team's money in and out, newest first, by type", async () => {
    const all = await get(`/wps/agent/team/transactions${TODAY}`, TeamTransactionsSchema);
    expect(all.list.map((t) => `${t.account}:${t.type}:${t.amountMinor}`)).toEqual([
      'team_deep:withdrawal:1000',
      'team_deep:withdrawal:-1000',
      'team_direct:withdrawal:-3000',
      'team_deep:deposit:5000',
      'team_direct:deposit:10000',
    ]);
    const deposits = await get(
      `/wps/agent/team/transactions${TODAY}&type=deposit&pageSize=1`,
      TeamTransactionsSchema,
    );
    expect(deposits.list.map((t) => t.account)).toEqual(['team_deep']);
    expect(deposits.total).toBe(2);
    const sub = valueOf(
      await getAs(world.app, team.sub.caller, `/wps/agent/team/transactions${TODAY}`),
      TeamTransactionsSchema,
    );
    expect(new Set(sub.list.map((t) => t.account))).toEqual(new Set(['team_deep']));
  });

  it('refuses members and bad report filters', async () => {
    for (const url of [
      '/wps/agent/team/betting',
      '/wps/agent/team/players',
      '/wps/agent/team/transactions',
      '/wps/agent/payouts?side=received',
    ]) {
      const asMember = await getAs(world.app, team.direct.caller, url);
      expect([asMember.statusCode, codeOf(asMember)], url).toEqual([403, 'FORBIDDEN']);
    }
    for (const url of [
      '/wps/agent/team/players?order=profit',
      '/wps/agent/team/transactions?type=bet',
      '/wps/agent/payouts',
      '/wps/agent/payouts?side=received&kind=bonus',
    ]) {
      const response = await getAs(world.app, team.agent.caller, url);
      expect([response.statusCode, codeOf(response)], url).toEqual([400, 'VALIDATION_FAILED']);
    }
  });
});
