// Red envelopes (issue 24 item 2): within its period a member opens an envelope once and takes
// the next share of its pool into the main wallet; a burst of openings takes each share once and
// the rest find it spent; the seed's hash is public from the start and the seed after the end,
// and the shares it gives are exactly what was paid; bad openings get a code and move nothing.
import { createHash } from 'node:crypto';
import {
  EnvelopeOpeningSchema,
  EnvelopeStateSchema,
  PromotionListSchema,
  PromotionPayoutsSchema,
  PromotionSchema,
} from '@lanna/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOrCreateMemberAccount } from '../ledger/index.ts';
import { balanceOf, expectInvariants } from '../../testing/factories/games.ts';
import { newSignedInMember, type SignedInMember } from '../../testing/factories/members.ts';
import { buildTestApp, movableClock, openTestDb, type TestDb } from '../../testing/index.ts';
import { codeOf, getAs, ops, postAs, valueOf } from '../../testing/requests.ts';

const START = '2026-06-01T12:00:00.000Z';
const HOUR_MS = 3_600_000;
let testDb: TestDb;
let app: FastifyInstance;
const clock = movableClock(START);

beforeAll(async () => {
  testDb = await openTestDb();
  app = await buildTestApp(testDb.db, { clock });
});

afterAll(async () => {
  await expectInvariants(testDb.db);
  await app.close();
  await testDb.close();
});

const RULE = { poolMinor: '10000', shares: 4, minShareMinor: '500' };

const draft = (overrides: Record<string, unknown> = {}) => ({
  title: `Lucky envelope ${Math.random().toString(36).slice(2, 8)}`,
  summary: 'Open it before it is gone.',
  content: '<p>One per member.</p>',
  imageUrl: null,
  kind: 'red_envelope',
  categories: ['limited'],
  startsAt: new Date(clock().getTime() - HOUR_MS).toISOString(),
  endsAt: new Date(clock().getTime() + HOUR_MS).toISOString(),
  audience: { newMembersWithinDays: null, agentTeamOf: null },
  sort: 0,
  paused: false,
  envelopeRule: RULE,
  reason: 'test envelope',
  ...overrides,
});

const createEnvelope = async (overrides: Record<string, unknown> = {}) =>
  valueOf(
    await ops(app, 'POST', '/ops/merchants/lanna/promotions', draft(overrides)),
    PromotionSchema,
  );

const open = (member: SignedInMember, id: number | string) =>
  postAs(app, member, `/wps/member/promotions/${id}/envelope`, {});

const state = async (id: number) =>
  valueOf(
    await app.inject({ method: 'GET', url: `/wps/promotions/${id}/envelope` }),
    EnvelopeStateSchema,
  );

const mainOf = async (member: SignedInMember) =>
  balanceOf(
    testDb.db,
    (
      await getOrCreateMemberAccount(testDb.db, member.merchantId, member.memberId, {
        kind: 'main',
      })
    ).id,
  );

describe('POST /wps/member/promotions/:id/envelope', () => {
  it('pays the next share into the main wallet, once per member', async () => {
    const envelope = await createEnvelope();
    const member = await newSignedInMember(app, testDb.db);
    const opening = valueOf(await open(member, envelope.id), EnvelopeOpeningSchema);
    expect(opening.shareIndex).toBe(0);
    expect(BigInt(opening.amountMinor)).toBeGreaterThanOrEqual(500n);
    expect(await mainOf(member)).toBe(BigInt(opening.amountMinor));

    const again = await open(member, envelope.id);
    expect([again.statusCode, codeOf(again)]).toEqual([409, 'PROMOTION_ALREADY_CLAIMED']);
    expect(await mainOf(member)).toBe(BigInt(opening.amountMinor));
    const centre = valueOf(
      await getAs(app, member, '/wps/member/promotions?category=limited'),
      PromotionListSchema,
    ).list;
    expect(centre.find((promotion) => promotion.id === envelope.id)?.status).toBe('claimed');
  });

  it('gives each share once under a burst, then publishes a seed that gives what was paid', async () => {
    const envelope = await createEnvelope();
    const before = await state(envelope.id);
    expect(before).toMatchObject({ opened: 0, seed: null, sharesMinor: null, shares: 4 });

    const members = await Promise.all(
      Array.from({ length: 10 }, () => newSignedInMember(app, testDb.db)),
    );
    const answers = await Promise.all(members.map((member) => open(member, envelope.id)));
    const codes = answers.map((answer) => codeOf(answer));
    expect(codes.filter((code) => code === 'OK')).toHaveLength(4);
    expect(codes.filter((code) => code === 'PROMOTION_BUDGET_SPENT')).toHaveLength(6);
    const paid = answers
      .filter((answer) => codeOf(answer) === 'OK')
      .map((answer) => valueOf(answer, EnvelopeOpeningSchema))
      .sort((a, b) => a.shareIndex - b.shareIndex);
    expect(paid.map((opening) => opening.shareIndex)).toEqual([0, 1, 2, 3]);
    const balances = await Promise.all(members.map(mainOf));
    expect(balances.reduce((sum, amount) => sum + amount, 0n)).toBe(10_000n);
    expect(
      valueOf(
        await ops(app, 'GET', `/ops/merchants/lanna/promotions/${envelope.id}/payouts`),
        PromotionPayoutsSchema,
      ),
    ).toMatchObject({ receivers: 4, envelopesMinor: '10000', paidMinor: '10000' });
    expect((await state(envelope.id)).seed).toBeNull();

    clock.set(new Date(clock().getTime() + 2 * HOUR_MS).toISOString());
    try {
      const after = await state(envelope.id);
      expect(after.opened).toBe(4);
      expect(after.seedHash).toBe(before.seedHash);
      expect(
        createHash('sha256')
          .update(Buffer.from(after.seed ?? '', 'hex'))
          .digest('hex'),
      ).toBe(before.seedHash);
      expect(after.sharesMinor).toEqual(paid.map((opening) => opening.amountMinor));
    } finally {
      clock.set(START);
    }
  });

  it('refuses what it must not pay with a code, moving nothing', async () => {
    const envelope = await createEnvelope();
    const later = await createEnvelope({
      startsAt: new Date(clock().getTime() + HOUR_MS).toISOString(),
      endsAt: new Date(clock().getTime() + 2 * HOUR_MS).toISOString(),
    });
    const paused = await createEnvelope({ paused: true });
    const notEnvelope = valueOf(
      await ops(
        app,
        'POST',
        '/ops/merchants/lanna/promotions',
        draft({ kind: 'apply_review', envelopeRule: null, endsAt: null }),
      ),
      PromotionSchema,
    );
    const member = await newSignedInMember(app, testDb.db);
    for (const [id, code] of [
      [later.id, 'PROMOTION_CLOSED'],
      [paused.id, 'PROMOTION_CLOSED'],
      [notEnvelope.id, 'PROMOTION_NOT_FOUND'],
      [999_999, 'PROMOTION_NOT_FOUND'],
      ['abc', 'VALIDATION_FAILED'],
      ['0', 'VALIDATION_FAILED'],
      ['1e400', 'VALIDATION_FAILED'],
    ] as const) {
      const answer = await open(member, id);
      expect(codeOf(answer), String(id)).toBe(code);
      expect(answer.statusCode).toBeLessThan(500);
    }
    const siam = await newSignedInMember(app, testDb.db, { merchantCode: 'siam' });
    expect(codeOf(await open(siam, envelope.id))).toBe('PROMOTION_NOT_FOUND');
    const trial = await newSignedInMember(app, testDb.db, { type: 4 });
    expect(codeOf(await open(trial, envelope.id))).toBe('TRIAL_ACCOUNT_FORBIDDEN');
    expect(await mainOf(member)).toBe(0n);
    expect((await state(envelope.id)).opened).toBe(0);
    const missing = await app.inject({ method: 'GET', url: '/wps/promotions/999999/envelope' });
    expect([missing.statusCode, codeOf(missing)]).toEqual([404, 'PROMOTION_NOT_FOUND']);
  });

  it('takes no envelope draft without an end, a rule or enough pool, and keeps an opened split', async () => {
    for (const [body, code] of [
      [draft({ endsAt: null }), 'RULES_NOT_MET'],
      [draft({ envelopeRule: null }), 'RULES_NOT_MET'],
      [draft({ kind: 'apply_review' }), 'RULES_NOT_MET'],
      [draft({ envelopeRule: { ...RULE, poolMinor: '1999' } }), 'RULES_NOT_MET'],
      [draft({ envelopeRule: { ...RULE, shares: 0 } }), 'VALIDATION_FAILED'],
      [draft({ envelopeRule: { ...RULE, shares: 10_001 } }), 'VALIDATION_FAILED'],
    ] as const) {
      const answer = await ops(app, 'POST', '/ops/merchants/lanna/promotions', body);
      expect(codeOf(answer), JSON.stringify(body.envelopeRule)).toBe(code);
    }
    const envelope = await createEnvelope();
    const edit = (rule: typeof RULE) =>
      ops(
        app,
        'PUT',
        `/ops/merchants/lanna/promotions/${envelope.id}`,
        draft({ title: envelope.title, envelopeRule: rule }),
      );
    // Before anyone opens it, the split may change; after, only what does not touch it.
    valueOf(await edit({ ...RULE, poolMinor: '12000' }), PromotionSchema);
    valueOf(
      await open(await newSignedInMember(app, testDb.db), envelope.id),
      EnvelopeOpeningSchema,
    );
    expect(codeOf(await edit({ ...RULE, poolMinor: '20000' }))).toBe('RULES_NOT_MET');
    valueOf(await edit({ ...RULE, poolMinor: '12000' }), PromotionSchema);
    expect((await state(envelope.id)).poolMinor).toBe('12000');
  });
});
