// The promotions centre (issue 24 item 1): the merchant's activities that have not ended, by
// category, in display order, each with the caller's status (coming soon, open to join, paused
// and closed, or outside its audience of new members or an agent's team); operators create and
// replace activities, content sanitised and audit-logged; bad drafts change nothing.
import { PromotionListSchema, PromotionSchema, type Promotion } from '@lanna/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, openTestDb, type TestDb } from '../../testing/index.ts';
import { newSignedInMember, type SignedInMember } from '../../testing/factories/members.ts';
import { codeOf, getAs, ops, valueOf } from '../../testing/requests.ts';

let testDb: TestDb;
let app: FastifyInstance;
let agent: SignedInMember;
let teamMember: SignedInMember;
let veteran: SignedInMember;

const DAY_MS = 86_400_000;

const visitorList = async (query = '', host = 'localhost') =>
  valueOf(
    await app.inject({ method: 'GET', url: `/wps/promotions${query}`, headers: { host } }),
    PromotionListSchema,
  ).list;

const memberList = async (member: SignedInMember, query = '') =>
  valueOf(await getAs(app, member, `/wps/member/promotions${query}`), PromotionListSchema).list;

const statuses = (list: Promotion[]) =>
  Object.fromEntries(list.map((promotion) => [promotion.title, promotion.status]));

const BONUS_RULE = {
  percent: 50,
  capMinor: '100000',
  minDepositMinor: '10000',
  wageringMultiplier: 5,
  wageringBasis: 'bonus',
  validDays: 7,
  contributionPercent: { RNG: 100 },
  forfeitOnWithdrawal: false,
  budgetTotalMinor: null,
  budgetReceivers: null,
};

const draft = (overrides: Record<string, unknown> = {}) => ({
  title: 'Team night bonus',
  summary: 'For one team only.',
  content: '<p>Deposit tonight.</p><script>alert(1)</script><img src="x" onerror="alert(2)">',
  imageUrl: null,
  kind: 'deposit_bonus',
  categories: ['deposit', 'special', 'deposit'],
  startsAt: new Date(Date.now() - DAY_MS).toISOString(),
  endsAt: null,
  audience: { newMembersWithinDays: null, agentTeamOf: 'promo_agent' },
  sort: 100,
  paused: false,
  bonusRule: BONUS_RULE,
  reason: 'team campaign',
  ...overrides,
});

beforeAll(async () => {
  testDb = await openTestDb();
  app = await buildTestApp(testDb.db);
  agent = await newSignedInMember(app, testDb.db, { type: 1, username: 'promo_agent' });
  teamMember = await newSignedInMember(app, testDb.db, { username: 'promo_kid', upline: agent });
  veteran = await newSignedInMember(app, testDb.db, { username: 'promo_old' });
  await testDb.db.query(
    `UPDATE members SET created_at = now() - interval '40 days' WHERE id = $1`,
    [veteran.memberId],
  );
});

afterAll(async () => {
  await app.close();
  await testDb.close();
});

describe('GET /wps/promotions and /wps/member/promotions', () => {
  it("lists the merchant's activities in order with a visitor's statuses", async () => {
    const list = await visitorList();
    expect(list.map((promotion) => promotion.title)).toEqual([
      'Welcome bonus 100%',
      'Daily slots reload 10%',
      'Weekly loss rebate 5%',
      'Year-end turnover race',
      'Lucky ticket draw',
    ]);
    expect(statuses(list)).toEqual({
      // For members registered within 30 days: a visitor is not one yet.
      'Welcome bonus 100%': 'application_forbidden',
      'Daily slots reload 10%': 'join',
      'Weekly loss rebate 5%': 'join',
      'Year-end turnover race': 'join',
      'Lucky ticket draw': 'join',
    });
    expect(list[0]).toMatchObject({
      kind: 'first_deposit_bonus',
      categories: ['deposit', 'newbie'],
      audience: { newMembersWithinDays: 30, agentTeamOf: null },
      endsAt: null,
    });
    expect(list[0]?.content).toContain('<b>฿300</b>');
  });

  it('filters by category, and each brand sees its own', async () => {
    expect((await visitorList('?category=slots')).map((promotion) => promotion.title)).toEqual([
      'Daily slots reload 10%',
      'Weekly loss rebate 5%',
      'Lucky ticket draw',
    ]);
    expect(await visitorList('?category=vip')).toEqual([]);
    expect((await visitorList('', 'siam.localhost')).map((promotion) => promotion.title)).toEqual([
      'โบนัสต้อนรับ 50%',
      'Weekly cashback 3%',
    ]);
    for (const query of ['?category=casino', '?category=', '?category=all&extra=1']) {
      const response = await app.inject({
        method: 'GET',
        url: `/wps/promotions${query}`,
        headers: { host: 'localhost' },
      });
      expect([response.statusCode, codeOf(response)], query).toEqual([400, 'VALIDATION_FAILED']);
    }
  });

  it('gives a new member the newbie activity and a member of 40 days not', async () => {
    expect(statuses(await memberList(teamMember))['Welcome bonus 100%']).toBe('join');
    expect(statuses(await memberList(veteran))['Welcome bonus 100%']).toBe('application_forbidden');
    expect((await app.inject({ method: 'GET', url: '/wps/member/promotions' })).statusCode).toBe(
      401,
    );
  });
});

describe('operators', () => {
  it("creates an activity for an agent's team, sanitised and audit-logged", async () => {
    const created = valueOf(
      await ops(app, 'POST', '/ops/merchants/lanna/promotions', draft()),
      PromotionSchema,
    );
    expect(created).toMatchObject({
      title: 'Team night bonus',
      categories: ['deposit', 'special'],
      audience: { newMembersWithinDays: null, agentTeamOf: 'promo_agent' },
    });
    expect(created.content).toContain('<p>Deposit tonight.</p>');
    expect(created.content).not.toMatch(/script|onerror/);
    expect(statuses(await memberList(teamMember))['Team night bonus']).toBe('join');
    expect(statuses(await memberList(agent))['Team night bonus']).toBe('join');
    expect(statuses(await memberList(veteran))['Team night bonus']).toBe('application_forbidden');
    expect(statuses(await visitorList())['Team night bonus']).toBe('application_forbidden');
    const audit = await testDb.db.query<{ action: string }>(
      'SELECT action FROM audit_log WHERE target = $1',
      [`promotion:${created.id}`],
    );
    expect(audit.map((row) => row.action)).toEqual(['promotion.create']);
  });

  it('pauses, resumes, reschedules and ends an activity', async () => {
    const { id } = valueOf(
      await ops(app, 'POST', '/ops/merchants/lanna/promotions', draft({ title: 'Flash bonus' })),
      PromotionSchema,
    );
    const put = (overrides: Record<string, unknown>) =>
      ops(
        app,
        'PUT',
        `/ops/merchants/lanna/promotions/${id}`,
        draft({ title: 'Flash bonus', ...overrides }),
      );
    const statusNow = async () => statuses(await memberList(teamMember))['Flash bonus'];
    expect(valueOf(await put({ paused: true }), PromotionSchema).status).toBe('close');
    expect(await statusNow()).toBe('close');
    valueOf(await put({ startsAt: new Date(Date.now() + DAY_MS).toISOString() }), PromotionSchema);
    expect(await statusNow()).toBe('coming_soon');
    valueOf(
      await put({
        startsAt: new Date(Date.now() - 2 * DAY_MS).toISOString(),
        endsAt: new Date(Date.now() - 60_000).toISOString(),
      }),
      PromotionSchema,
    );
    expect(await statusNow()).toBeUndefined();
  });

  it('refuses bad drafts and unknown targets with a code, writing nothing', async () => {
    const count = async () =>
      (await testDb.db.one<{ count: number }>('SELECT count(*)::int AS count FROM promotions'))
        .count;
    const before = await count();
    const cases: [string, unknown, string][] = [
      [
        '/ops/merchants/lanna/promotions',
        draft({ audience: { newMembersWithinDays: null, agentTeamOf: 'promo_kid' } }),
        'RULES_NOT_MET',
      ],
      [
        '/ops/merchants/lanna/promotions',
        draft({ endsAt: new Date(Date.now() - 2 * DAY_MS).toISOString() }),
        'RULES_NOT_MET',
      ],
      [
        '/ops/merchants/lanna/promotions',
        draft({ imageUrl: 'javascript:alert(1)' }),
        'RULES_NOT_MET',
      ],
      [
        '/ops/merchants/lanna/promotions',
        draft({ imageUrl: '//evil.example/x.png' }),
        'RULES_NOT_MET',
      ],
      ['/ops/merchants/lanna/promotions', draft({ bonusRule: null }), 'RULES_NOT_MET'],
      [
        '/ops/merchants/lanna/promotions',
        draft({ kind: 'raffle', bonusRule: BONUS_RULE }),
        'RULES_NOT_MET',
      ],
      [
        '/ops/merchants/lanna/promotions',
        draft({ bonusRule: { ...BONUS_RULE, percent: 0 } }),
        'VALIDATION_FAILED',
      ],
      [
        '/ops/merchants/lanna/promotions',
        draft({ bonusRule: { ...BONUS_RULE, contributionPercent: { RNG: 101 } } }),
        'VALIDATION_FAILED',
      ],
      [
        '/ops/merchants/lanna/promotions',
        draft({ bonusRule: { ...BONUS_RULE, capMinor: '-5' } }),
        'VALIDATION_FAILED',
      ],
      ['/ops/merchants/lanna/promotions', draft({ categories: [] }), 'VALIDATION_FAILED'],
      ['/ops/merchants/lanna/promotions', draft({ kind: 'jackpot' }), 'VALIDATION_FAILED'],
      ['/ops/merchants/lanna/promotions', draft({ title: 'nul\u0000' }), 'VALIDATION_FAILED'],
      ['/ops/merchants/lanna/promotions', draft({ reason: '' }), 'VALIDATION_FAILED'],
      ['/ops/merchants/nowhere/promotions', draft(), 'NOT_FOUND'],
    ];
    for (const [url, body, code] of cases) {
      const response = await ops(app, 'POST', url, body);
      expect(codeOf(response), JSON.stringify(body)).toBe(code);
      expect(response.statusCode).toBeLessThan(500);
    }
    const missing = await ops(app, 'PUT', '/ops/merchants/lanna/promotions/999999', draft());
    expect([missing.statusCode, codeOf(missing)]).toEqual([404, 'NOT_FOUND']);
    const siamAgent = await newSignedInMember(app, testDb.db, {
      type: 1,
      username: 'promo_siam',
      merchantCode: 'siam',
    });
    expect(siamAgent.merchantCode).toBe('siam');
    const otherBrand = await ops(
      app,
      'POST',
      '/ops/merchants/lanna/promotions',
      draft({ audience: { newMembersWithinDays: null, agentTeamOf: 'promo_siam' } }),
    );
    expect(codeOf(otherBrand)).toBe('RULES_NOT_MET');
    expect(await count()).toBe(before);
  });
});
