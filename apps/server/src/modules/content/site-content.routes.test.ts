// Proves announcements, the help centre and feedback through the real routes: each audience
// gets its own announcements, newest first, 9 a page; operators publish notices, announcements
// and help articles whose HTML is sanitised before it is stored (every XSS payload leaves
// nothing that can run), audit-logged and, for announcements, announced on app.events after
// commit; members send feedback with images judged by their bytes and read their history.
import {
  AnnouncementSchema,
  FeedbackSchema,
  HelpArticleSchema,
  NoticeSchema,
  OpsFeedbackSchema,
  pageOf,
  ProofImageDataSchema,
} from '@lanna/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  buildTestApp,
  movableClock,
  openTestDb,
  TEST_OPERATOR_KEY,
  type TestDb,
} from '../../testing/index.ts';
import { policyOf, startSession } from '../auth/index.ts';
import { jpegOf, pngOf } from '../../testing/test-images.ts';

const OPS_AUTH = { authorization: `Bearer ${TEST_OPERATOR_KEY}` };

type TestMember = { token: string; host: string };

/** A seeded account of the lanna merchant with a session straight from the auth service. */
const demoMember = async (username: string): Promise<TestMember> => {
  const row = await testDb.db.one<{ id: string; merchant_id: number }>(
    `SELECT u.id::text AS id, u.merchant_id FROM members u JOIN merchants m ON m.id = u.merchant_id
     WHERE m.code = 'lanna' AND u.username = $1`,
    [username],
  );
  const session = await startSession(testDb.db, policyOf(app.config), {
    merchantId: row.merchant_id,
    memberId: Number(row.id),
    method: 'password',
    now: app.clock(),
    ip: '127.0.0.1',
    userAgent: 'vitest',
    previousLogin: null,
  });
  return { token: session.token, host: 'localhost' };
};

let testDb: TestDb;
let app: FastifyInstance;
const clock = movableClock(new Date().toISOString());
let member: TestMember;
let trial: TestMember;

beforeAll(async () => {
  testDb = await openTestDb();
  clock.set(new Date().toISOString());
  app = await buildTestApp(testDb.db, { clock });
  member = await demoMember('demo_member');
  trial = await demoMember('demo_trial');
  // Oldest first, a minute apart, so the newest is the last one published.
  const base = Date.now() - 3_600_000;
  for (const [index, item] of ANNOUNCEMENTS.entries()) {
    const response = await opsPost(`/ops/merchants/${item.merchant}/announcements`, {
      title: item.title,
      content: `<p>${item.title}</p>`,
      promotionType: item.type,
      execution: item.execution,
      publishedAt: new Date(base + index * 60_000).toISOString(),
      reason: 'announcements test',
    });
    expect(response.statusCode, response.body).toBe(200);
  }
});

const ANNOUNCEMENTS = [
  { merchant: 'lanna', title: 'Play safely', type: 'B', execution: 'B' },
  { merchant: 'lanna', title: 'Welcome to Lanna', type: 'PR', execution: 'B' },
  { merchant: 'lanna', title: 'Faster withdrawals', type: 'PL', execution: 'A' },
  { merchant: 'lanna', title: 'Weekly reload for members', type: 'PR', execution: 'A' },
  { merchant: 'lanna', title: 'Your first login', type: 'H', execution: 'F' },
  { merchant: 'siam', title: 'Royal VIP club', type: 'PU', execution: 'A' },
  { merchant: 'siam', title: 'ยินดีต้อนรับสู่สยามรอยัล', type: 'PR', execution: 'B' },
] as const;

afterAll(async () => {
  await app.close();
  await testDb.close();
});

/** The value of a success envelope, parsed with the contract's schema. */
const valueOf = <S extends z.ZodType>(response: LightMyRequestResponse, schema: S): z.output<S> => {
  expect(response.statusCode, response.body).toBe(200);
  return schema.parse(response.json<{ value: unknown }>().value);
};

const pageOfList = <S extends z.ZodType>(item: S) => z.object({ list: z.array(item) });

const AnnouncementPageSchema = z.object({
  list: z.array(AnnouncementSchema),
  totalPages: z.number(),
});

const announcementsOf = async (query: string, host = 'localhost') =>
  valueOf(
    await app.inject({
      method: 'GET',
      url: `/wps/content/announcements?${query}`,
      headers: { host },
    }),
    AnnouncementPageSchema,
  );

const opsPost = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { ...OPS_AUTH, ...headers },
  });

// Payloads that would each run script if inserted into a page as they are.
const XSS_PAYLOADS = [
  '<script>window.__xss = 1</script>',
  '<img src=x onerror="window.__xss = 1">',
  '<a href="javascript:window.__xss = 1">click</a>',
  '<svg onload="window.__xss = 1"><script>window.__xss = 1</script></svg>',
  '<svg><animate onbegin="window.__xss=1" attributeName="x" dur="1s"/></svg>',
  '<iframe srcdoc="<script>parent.__xss = 1</script>"></iframe>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=1">',
  '<p style="background:url(javascript:window.__xss=1)" onmouseover="window.__xss=1">hover</p>',
  '<form><button formaction="javascript:window.__xss=1">go</button></form>',
].join('');

const RUNNABLE = /<script|\son\w+\s*=|javascript:|<svg|<iframe|<math|<style|formaction|srcdoc/i;

describe('GET /wps/content/announcements', () => {
  it('answers each audience only its own announcements, newest first', async () => {
    const visitors = await announcementsOf('execution=B');
    expect(visitors.list.map((item) => item.title)).toEqual(['Welcome to Lanna', 'Play safely']);
    expect(visitors.list.every((item) => item.execution === 'B')).toBe(true);
    const members = await announcementsOf('execution=A&types=B,PL,PU,PR,H&platform=W');
    expect(members.list.map((item) => item.title)).toEqual([
      'Weekly reload for members',
      'Faster withdrawals',
    ]);
    const first = await announcementsOf('execution=F');
    expect(first.list).toHaveLength(1);
  });

  it('filters by type', async () => {
    const page = await announcementsOf('execution=A&types=PL');
    expect(page.list.map((item) => item.promotionType)).toEqual(['PL']);
  });

  it('stops showing a withdrawn announcement, audit-logged, and refuses another merchant', async () => {
    const [newest] = (await announcementsOf('execution=F')).list;
    const foreign = await opsPost(`/ops/merchants/siam/announcements/${newest?.id}/withdraw`, {
      reason: 'wrong merchant',
    });
    expect(foreign.statusCode).toBe(404);
    const withdrawn = await opsPost(`/ops/merchants/lanna/announcements/${newest?.id}/withdraw`, {
      reason: 'taken down',
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect((await announcementsOf('execution=F')).list).toEqual([]);
    const audit = await testDb.db.one<{ count: number }>(
      "SELECT count(*)::int AS count FROM audit_log WHERE action = 'content.announcement.withdraw'",
    );
    expect(audit.count).toBe(1);
  });

  it('answers each merchant its own announcements', async () => {
    const siam = await announcementsOf('execution=B', 'siam.localhost');
    expect(siam.list.map((item) => item.title)).toEqual(['ยินดีต้อนรับสู่สยามรอยัล']);
  });

  it('refuses an unknown type, audience or platform', async () => {
    for (const query of ['execution=Z', 'execution=A&types=B,XX', 'execution=A&platform=M', '']) {
      const response = await app.inject({
        method: 'GET',
        url: `/wps/content/announcements?${query}`,
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ code: string }>().code).toBe('VALIDATION_FAILED');
    }
  });

  it('pages by 9 and hides those scheduled for later', async () => {
    const later = new Date(Date.now() + 86_400_000).toISOString();
    for (let index = 0; index < 9; index += 1) {
      const response = await opsPost('/ops/merchants/siam/announcements', {
        title: `Paging ${index}`,
        content: `<p>${index}</p>`,
        promotionType: 'B',
        execution: 'A',
        reason: 'paging test',
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    await opsPost('/ops/merchants/siam/announcements', {
      title: 'Tomorrow',
      content: '<p>later</p>',
      promotionType: 'B',
      execution: 'A',
      publishedAt: later,
      reason: 'scheduled',
    });
    const first = await announcementsOf('execution=A', 'siam.localhost');
    expect(first.list).toHaveLength(9);
    expect(first.totalPages).toBe(2);
    const second = await announcementsOf('execution=A&pageNo=2', 'siam.localhost');
    expect(second.list.map((item) => item.title)).toEqual(['Royal VIP club']);
    expect(first.list.map((item) => item.title)).not.toContain('Tomorrow');
  });
});

describe('operator content', () => {
  it('refuses a call without the operator key', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/ops/merchants/lanna/notices',
      payload: { title: 'x', content: '<p>x</p>', reason: 'no key' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('answers NOT_FOUND for an unknown merchant and changes nothing', async () => {
    const response = await opsPost('/ops/merchants/nobody/notices', {
      title: 'x',
      content: '<p>x</p>',
      reason: 'unknown merchant',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json<{ code: string }>().code).toBe('NOT_FOUND');
  });

  it('stores a notice with its HTML sanitised, audit-logged, and shows it first', async () => {
    const notice = valueOf(
      await opsPost(
        '/ops/merchants/lanna/notices',
        {
          title: 'Payload notice',
          content: `<p>Kept <b>bold</b></p>${XSS_PAYLOADS}`,
          reason: 'xss test',
        },
        { 'x-operator': 'alice' },
      ),
      NoticeSchema,
    );
    expect(notice.content).toContain('<p>Kept <b>bold</b></p>');
    expect(notice.content).not.toMatch(RUNNABLE);
    const page = valueOf(
      await app.inject({ method: 'GET', url: '/wps/content/notices' }),
      pageOfList(NoticeSchema),
    );
    expect(page.list[0]).toEqual(notice);
    const audit = await testDb.db.one<{ actor: string; action: string }>(
      `SELECT actor, action FROM audit_log WHERE target = $1`,
      [`notice:${notice.id}`],
    );
    expect(audit).toEqual({ actor: 'operator-api-key:alice', action: 'content.notice.create' });
  });

  it('publishes an announcement sanitised and tells the site after commit', async () => {
    const seen: unknown[] = [];
    const off = (
      app.events as unknown as {
        on: (name: string, listener: (event: unknown) => void) => () => void;
      }
    ).on('announcementsChanged', (event) => seen.push(event));
    const announcement = valueOf(
      await opsPost('/ops/merchants/lanna/announcements', {
        title: 'Payload announcement',
        content: XSS_PAYLOADS,
        promotionType: 'PR',
        execution: 'B',
        reason: 'xss test',
      }),
      AnnouncementSchema,
    );
    off();
    expect(announcement.content).not.toMatch(RUNNABLE);
    expect(announcement.content).toContain('click');
    const merchant = await testDb.db.one<{ id: number }>(
      "SELECT id FROM merchants WHERE code = 'lanna'",
    );
    expect(seen).toEqual([{ merchantId: merchant.id }]);
    const visitors = await announcementsOf('execution=B');
    expect(visitors.list[0]?.id).toBe(announcement.id);
  });

  it('refuses an announcement without a known type or audience and stores nothing', async () => {
    const before = await testDb.db.one<{ count: number }>(
      'SELECT count(*)::int AS count FROM announcements',
    );
    const response = await opsPost('/ops/merchants/lanna/announcements', {
      title: 'Bad',
      content: '<p>x</p>',
      promotionType: 'ZZ',
      execution: 'Q',
      reason: 'bad input',
    });
    expect(response.statusCode).toBe(400);
    const after = await testDb.db.one<{ count: number }>(
      'SELECT count(*)::int AS count FROM announcements',
    );
    expect(after.count).toBe(before.count);
  });
});

const helpOf = async (query: string) =>
  valueOf(
    await app.inject({ method: 'GET', url: `/wps/system/helpCenter?${query}` }),
    pageOfList(HelpArticleSchema),
  ).list;

describe('GET /wps/system/helpCenter', () => {
  it('answers the articles of the language in order, the terms first', async () => {
    const english = await helpOf('lang=EN&device=WEB');
    expect(english.map((article) => article.anchor)).toEqual([
      'term',
      'deposit',
      'withdraw',
      'account',
    ]);
    const thai = await helpOf('lang=TH&device=WEB');
    expect(thai[0]?.title).toBe('ข้อกำหนดและเงื่อนไข');
  });

  it('falls back to English for a language without articles', async () => {
    const japanese = await helpOf('lang=JA');
    expect(japanese[0]?.title).toBe('Terms and conditions');
  });

  it('refuses an unknown language or device', async () => {
    for (const query of ['lang=XX', 'lang=EN&device=APP']) {
      const response = await app.inject({ method: 'GET', url: `/wps/system/helpCenter?${query}` });
      expect(response.statusCode).toBe(400);
    }
  });

  it('lets an operator replace an article, sanitised', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: '/ops/merchants/lanna/help-articles/KM/term',
      headers: OPS_AUTH,
      payload: { title: 'Terms (KM)', content: `<p>ok</p>${XSS_PAYLOADS}`, reason: 'xss test' },
    });
    const article = valueOf(response, HelpArticleSchema);
    expect(article.content).not.toMatch(RUNNABLE);
    const khmer = await helpOf('lang=KM');
    expect(khmer.find((item) => item.anchor === 'term')).toEqual(article);
    expect(khmer).toHaveLength(4);
  });
});

const putFeedback = (who: TestMember | null, payload: unknown) =>
  app.inject({
    method: 'PUT',
    url: '/wps/feedback',
    payload: payload as object,
    headers: who ? { authorization: `Bearer ${who.token}`, host: who.host } : {},
  });

const feedbackCount = async () =>
  (await testDb.db.one<{ count: number }>('SELECT count(*)::int AS count FROM feedback')).count;

describe('PUT /wps/feedback', () => {
  it('stores feedback with images and lists it in the history, newest first', async () => {
    const first = valueOf(
      await putFeedback(member, {
        questionType: 'deposit',
        content: '  My deposit has not arrived yet.  ',
      }),
      FeedbackSchema,
    );
    expect(first).toMatchObject({
      questionType: 'deposit',
      content: 'My deposit has not arrived yet.',
      imageCount: 0,
      status: 'submitted',
      reply: null,
    });
    const second = valueOf(
      await putFeedback(member, {
        questionType: 'game',
        content: 'The slot froze after a big win.',
        images: [pngOf().toString('base64'), jpegOf().toString('base64')],
      }),
      FeedbackSchema,
    );
    expect(second.imageCount).toBe(2);
    const history = valueOf(
      await app.inject({
        method: 'GET',
        url: '/wps/feedback',
        headers: { authorization: `Bearer ${member.token}` },
      }),
      pageOf(FeedbackSchema),
    );
    expect(history.list.map((item) => item.id)).toEqual([second.id, first.id]);
    const images = await testDb.db.one<{ count: number; bytes: number }>(
      'SELECT count(*)::int AS count, sum(octet_length(bytes))::int AS bytes FROM feedback_images WHERE feedback_id = $1',
      [second.id],
    );
    expect(images).toEqual({ count: 2, bytes: pngOf().length + jpegOf().length });
    const queue = valueOf(
      await app.inject({ method: 'GET', url: '/ops/merchants/lanna/feedback', headers: OPS_AUTH }),
      pageOf(OpsFeedbackSchema),
    );
    const listed = queue.list.find((item) => item.id === second.id);
    expect(listed?.imageIds).toHaveLength(2);
    const [pngId, jpegId] = listed?.imageIds ?? [];
    const imageOf = (merchant: string, imageId: number | undefined) =>
      app.inject({
        method: 'GET',
        url: `/ops/merchants/${merchant}/feedback/${second.id}/images/${imageId}`,
        headers: OPS_AUTH,
      });
    const png = valueOf(await imageOf('lanna', pngId), ProofImageDataSchema);
    expect(png).toEqual({ contentType: 'image/png', dataBase64: pngOf().toString('base64') });
    const jpeg = valueOf(await imageOf('lanna', jpegId), ProofImageDataSchema);
    expect(Buffer.from(jpeg.dataBase64, 'base64')).toEqual(jpegOf());
    expect((await imageOf('siam', pngId)).statusCode).toBe(404);
  });

  it('refuses content outside 10 to 500 characters and stores nothing', async () => {
    const before = await feedbackCount();
    for (const content of ['too short', '         x         ', 'ก'.repeat(501)]) {
      const response = await putFeedback(member, { questionType: 'other', content });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ code: string }>().code).toBe('VALIDATION_FAILED');
    }
    const thai = await putFeedback(member, { questionType: 'other', content: 'ก'.repeat(500) });
    expect(thai.statusCode).toBe(200);
    expect(await feedbackCount()).toBe(before + 1);
  });

  it('refuses an unknown question type or more than 3 images', async () => {
    const png = pngOf().toString('base64');
    for (const payload of [
      { questionType: 'refund', content: 'A long enough description.' },
      {
        questionType: 'other',
        content: 'A long enough description.',
        images: [png, png, png, png],
      },
    ]) {
      expect((await putFeedback(member, payload)).statusCode).toBe(400);
    }
  });

  it('refuses a file that is not a PNG or JPEG by its bytes and stores nothing', async () => {
    const before = await feedbackCount();
    const fake = Buffer.from('GIF89a not really an image at all').toString('base64');
    const response = await putFeedback(member, {
      questionType: 'service',
      content: 'Here is a screenshot of the problem.',
      images: [pngOf().toString('base64'), fake],
    });
    expect(response.statusCode).toBe(415);
    expect(response.json<{ code: string }>().code).toBe('IMAGE_INVALID');
    expect(await feedbackCount()).toBe(before);
  });

  it('refuses guests and trial accounts', async () => {
    const body = { questionType: 'other', content: 'A long enough description.' };
    expect((await putFeedback(null, body)).statusCode).toBe(401);
    const response = await putFeedback(trial, body);
    expect(response.statusCode).toBe(403);
    expect(response.json<{ code: string }>().code).toBe('TRIAL_ACCOUNT_FORBIDDEN');
  });

  it('shows an operator answer in the member history and keeps members apart', async () => {
    const queue = valueOf(
      await app.inject({ method: 'GET', url: '/ops/merchants/lanna/feedback', headers: OPS_AUTH }),
      pageOf(OpsFeedbackSchema),
    );
    const oldest = queue.list[0];
    expect(oldest?.username).toBe('demo_member');
    const answered = valueOf(
      await opsPost(`/ops/merchants/lanna/feedback/${oldest?.id}/reply`, {
        reply: 'Credited, sorry for the wait.',
        reason: 'support answer',
      }),
      FeedbackSchema,
    );
    expect(answered).toMatchObject({ status: 'replied', reply: 'Credited, sorry for the wait.' });
    const history = valueOf(
      await app.inject({
        method: 'GET',
        url: '/wps/feedback?pageSize=50',
        headers: { authorization: `Bearer ${member.token}` },
      }),
      pageOf(FeedbackSchema),
    );
    expect(history.list.find((item) => item.id === oldest?.id)?.reply).toBe(
      'Credited, sorry for the wait.',
    );
    const siamReply = await opsPost(`/ops/merchants/siam/feedback/${oldest?.id}/reply`, {
      reply: 'wrong merchant',
      reason: 'cross merchant',
    });
    expect(siamReply.statusCode).toBe(404);
  });
});
