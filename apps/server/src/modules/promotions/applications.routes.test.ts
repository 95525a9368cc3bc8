// Apply-and-review activities (issue 24 item 2; spec section 5): a member applies with a comment
// and up to 3 PNG or JPEG images judged by their bytes; an operator sees the queue and the
// images, approves with a reward paid into the main wallet or rejects with a note, and the
// member is told; bad applications (141 characters, a fourth image, a GIF named .png, 6 MB, a
// second one while one waits) get a code and write nothing.
import {
  ActivityApplicationListSchema,
  ActivityApplicationSchema,
  OpsActivityApplicationListSchema,
  OpsActivityApplicationSchema,
  PromotionListSchema,
  PromotionSchema,
  ProofImageDataSchema,
} from '@lanna/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOrCreateMemberAccount } from '../ledger/index.ts';
import { balanceOf, expectInvariants } from '../../testing/factories/games.ts';
import { newSignedInMember, type SignedInMember } from '../../testing/factories/members.ts';
import { buildTestApp, openTestDb, type TestDb } from '../../testing/index.ts';
import { codeOf, getAs, ops, postAs, valueOf } from '../../testing/requests.ts';
import { jpegOf, pngOf } from '../../testing/test-images.ts';

const DAY_MS = 86_400_000;
let testDb: TestDb;
let app: FastifyInstance;
let activityId: number;

const createActivity = async (overrides: Record<string, unknown> = {}) =>
  valueOf(
    await ops(app, 'POST', '/ops/merchants/lanna/promotions', {
      title: `Share your big win ${Math.random().toString(36).slice(2, 8)}`,
      summary: 'Show us a screenshot of a win over ฿1,000.',
      content: '<p>Apply with a screenshot.</p>',
      imageUrl: null,
      kind: 'apply_review',
      categories: ['special'],
      startsAt: new Date(Date.now() - DAY_MS).toISOString(),
      endsAt: null,
      audience: { newMembersWithinDays: null, agentTeamOf: null },
      sort: 0,
      paused: false,
      reason: 'test activity',
      ...overrides,
    }),
    PromotionSchema,
  );

beforeAll(async () => {
  testDb = await openTestDb();
  app = await buildTestApp(testDb.db);
  activityId = (await createActivity()).id;
});

afterAll(async () => {
  await expectInvariants(testDb.db);
  await app.close();
  await testDb.close();
});

const apply = (member: SignedInMember, body: unknown, id: number | string = activityId) =>
  postAs(app, member, `/wps/member/promotions/${id}/application`, body);

const decide = (id: number, body: unknown) =>
  ops(app, 'POST', `/ops/merchants/lanna/promotion-applications/${id}/decision`, body);

const mainOf = async (member: SignedInMember) =>
  balanceOf(
    testDb.db,
    (
      await getOrCreateMemberAccount(testDb.db, member.merchantId, member.memberId, {
        kind: 'main',
      })
    ).id,
  );

const statusIn = async (member: SignedInMember) =>
  valueOf(
    await getAs(app, member, '/wps/member/promotions?category=special'),
    PromotionListSchema,
  ).list.find((promotion) => promotion.id === activityId)?.status;

const applicationCount = async () =>
  (
    await testDb.db.one<{ count: number }>(
      'SELECT count(*)::int AS count FROM promotion_applications',
    )
  ).count;

describe('applying and reviewing', () => {
  it('stores the application and images, and pays the reward an operator approves', async () => {
    const member = await newSignedInMember(app, testDb.db);
    expect(await statusIn(member)).toBe('join');
    const png = pngOf(4, 4);
    const application = valueOf(
      await apply(member, {
        comment: 'ชนะ ฿2,500 จากสล็อต 🎉',
        images: [png.toString('base64'), jpegOf().toString('base64')],
      }),
      ActivityApplicationSchema,
    );
    expect(application).toMatchObject({ status: 'applying', imageCount: 2, rewardMinor: null });
    expect(await statusIn(member)).toBe('applying');

    const queue = valueOf(
      await ops(app, 'GET', '/ops/merchants/lanna/promotion-applications'),
      OpsActivityApplicationListSchema,
    ).list;
    expect(queue.find((row) => row.id === application.id)?.username).toBe(member.username);
    const image = valueOf(
      await ops(
        app,
        'GET',
        `/ops/merchants/lanna/promotion-applications/${application.id}/images/0`,
      ),
      ProofImageDataSchema,
    );
    expect(image).toEqual({ contentType: 'image/png', dataBase64: png.toString('base64') });

    const approved = valueOf(
      await decide(application.id, {
        approve: true,
        rewardMinor: '25000',
        note: 'Congratulations!',
        reason: 'screenshot checked',
      }),
      OpsActivityApplicationSchema,
    );
    expect(approved).toMatchObject({ status: 'issued', rewardMinor: '25000' });
    expect(await mainOf(member)).toBe(25_000n);
    expect(await statusIn(member)).toBe('issued');
    const mine = valueOf(
      await getAs(app, member, '/wps/member/promotions/applications'),
      ActivityApplicationListSchema,
    ).list;
    expect(mine[0]).toMatchObject({
      id: application.id,
      status: 'issued',
      reviewNote: 'Congratulations!',
    });
    const message = await testDb.db.one<{ title: string }>(
      'SELECT title FROM messages WHERE member_id = $1 ORDER BY id DESC LIMIT 1',
      [member.memberId],
    );
    expect(message.title).toBe('Application approved');

    // Decided stays decided; an approved application is not applied for again.
    const again = await decide(application.id, {
      approve: false,
      note: 'no',
      reason: 'second look',
    });
    expect([again.statusCode, codeOf(again)]).toEqual([409, 'APPLICATION_DECIDED']);
    expect(await mainOf(member)).toBe(25_000n);
    expect(codeOf(await apply(member, { comment: 'again' }))).toBe('PROMOTION_ALREADY_CLAIMED');
  });

  it('lets a rejected member apply again, and one waiting application at a time', async () => {
    const member = await newSignedInMember(app, testDb.db);
    const first = valueOf(await apply(member, { comment: 'first try' }), ActivityApplicationSchema);
    const waiting = await Promise.all(
      Array.from({ length: 5 }, () => apply(member, { comment: 'burst' })),
    );
    expect(waiting.map((answer) => codeOf(answer))).toEqual(
      Array.from({ length: 5 }, () => 'PROMOTION_ALREADY_CLAIMED'),
    );
    valueOf(
      await decide(first.id, {
        approve: false,
        note: 'The screenshot is unreadable.',
        reason: 'unreadable',
      }),
      OpsActivityApplicationSchema,
    );
    expect(await statusIn(member)).toBe('rejected');
    expect(await mainOf(member)).toBe(0n);
    valueOf(await apply(member, { comment: 'second try' }), ActivityApplicationSchema);
    expect(await statusIn(member)).toBe('applying');
  });

  it('refuses bad applications with a code, writing nothing', async () => {
    const member = await newSignedInMember(app, testDb.db);
    const png = pngOf().toString('base64');
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary').toString('base64');
    const sixMegabytes = pngOf(2, 2, 6 * 1024 * 1024).toString('base64');
    const ended = await createActivity({
      startsAt: new Date(Date.now() - 2 * DAY_MS).toISOString(),
      endsAt: new Date(Date.now() - DAY_MS).toISOString(),
    });
    const paused = await createActivity({ paused: true });
    const before = await applicationCount();
    for (const [body, id, code] of [
      [{ comment: 'x'.repeat(141) }, activityId, 'VALIDATION_FAILED'],
      [{ comment: 'ok', images: [png, png, png, png] }, activityId, 'VALIDATION_FAILED'],
      [{ comment: 'ok', images: [png, gif] }, activityId, 'IMAGE_INVALID'],
      [{ comment: 'ok', images: [sixMegabytes] }, activityId, 'VALIDATION_FAILED'],
      [{ comment: 'nul\u0000' }, activityId, 'VALIDATION_FAILED'],
      [{ comment: 'ok', extra: true }, activityId, 'VALIDATION_FAILED'],
      [{ comment: 'ok' }, ended.id, 'PROMOTION_CLOSED'],
      [{ comment: 'ok' }, paused.id, 'PROMOTION_CLOSED'],
      [{ comment: 'ok' }, 999_999, 'PROMOTION_NOT_FOUND'],
      [{ comment: 'ok' }, 'abc', 'VALIDATION_FAILED'],
    ] as const) {
      const answer = await apply(member, body, id);
      expect(codeOf(answer), JSON.stringify(body).slice(0, 80)).toBe(code);
      expect(answer.statusCode).toBeLessThan(500);
    }
    // 140 characters, counted as a member sees them (each emoji is one).
    valueOf(await apply(member, { comment: '🎉'.repeat(140) }), ActivityApplicationSchema);
    expect(await applicationCount()).toBe(before + 1);
    const trial = await newSignedInMember(app, testDb.db, { type: 4 });
    expect(codeOf(await apply(trial, { comment: 'trial' }))).toBe('TRIAL_ACCOUNT_FORBIDDEN');
    for (const [id, body, code] of [
      [999_999, { approve: false, note: 'n', reason: 'review' }, 'NOT_FOUND'],
      [1, { approve: true, note: 'n', reason: 'review' }, 'VALIDATION_FAILED'],
      [1, { approve: true, rewardMinor: '-1', note: 'n', reason: 'review' }, 'VALIDATION_FAILED'],
      [1, { approve: false, note: '', reason: 'review' }, 'VALIDATION_FAILED'],
    ] as const) {
      expect(codeOf(await decide(id, body))).toBe(code);
    }
    const missingImage = await ops(
      app,
      'GET',
      '/ops/merchants/lanna/promotion-applications/999999/images/0',
    );
    expect(codeOf(missingImage)).toBe('NOT_FOUND');
  });
});
