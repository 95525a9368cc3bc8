// Feedback lists at any history size (issue 30; decision 016): the member's history, the
// operators' queue (oldest unanswered first) and the answered list page by cursor, stable while
// feedback arrives or is answered between two loads (none twice, none skipped); and, on
// PostgreSQL with 50,000 feedback a member beside a neighbour's 50,000 answered ones, each page
// and count reads its list's index, only as many rows as it shows, with no sort of the history.
// Feedback is written straight into `feedback`: the lists read only it, its images and members.
import { findFeedback, findOpsFeedback, MAX_COUNTED_ROWS, type ValueOf } from '@lanna/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { call, loginAs } from '../../testing/index.ts';
import { expectIndexReads, plansOf } from '../../testing/query-plans.ts';
import { OPERATOR_AUTH, valueOf } from '../../testing/requests.ts';
import {
  closeMemberWorld,
  newLannaMember,
  openMemberWorld,
  type MemberWorld,
} from '../../testing/member-world.ts';
import {
  countMemberFeedback,
  countMerchantFeedback,
  findMemberFeedback,
  findMerchantFeedback,
} from './feedback.repository.ts';

const PASSWORD = 'Keyset@2026x';
const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
type FeedbackPage = ValueOf<typeof findFeedback> | ValueOf<typeof findOpsFeedback>;

let world: MemberWorld;

beforeAll(async () => {
  world = await openMemberWorld('2026-03-01T09:00:00.000Z');
});

afterAll(() => closeMemberWorld(world));

/**
 * `count` feedback of the member, one a minute from `from`, their content `prefix-n` (padded to
 * the shortest a member may send); answered a minute after each when `replied`.
 */
const submitFeedback = (
  memberId: number,
  shape: { prefix: string; count: number; from: string; replied?: boolean },
) =>
  world.db.query(
    `INSERT INTO feedback (merchant_id, member_id, question_type, content, reply, replied_by,
       created_at, replied_at)
     SELECT $1, $2, 'other', $3 || '-' || i || ' feedback', r.reply, r.by, t, r.at
     FROM generate_series(1, $4::integer) AS i,
       LATERAL (SELECT $5::timestamptz + i * interval '1 minute' AS t) AS at,
       LATERAL (SELECT CASE WHEN $6 THEN 'thanks' END AS reply, CASE WHEN $6 THEN 'ops' END AS by,
         CASE WHEN $6 THEN t + interval '1 minute' END AS at) AS r`,
    [world.lanna, memberId, shape.prefix, shape.count, shape.from, shape.replied ?? false],
  );

const contents = (page: FeedbackPage) => page.list.map((entry) => entry.content.split(' ')[0]);

const historyFor = async (token: string, query: string) => {
  const response = await call(world.app, { method: 'GET', url: `/wps/feedback${query}`, token });
  return valueOf(response, findFeedback.value);
};

const opsList = async (query: string) => {
  const response = await world.app.inject({
    method: 'GET',
    url: `/ops/merchants/lanna/feedback${query}`,
    headers: OPERATOR_AUTH,
  });
  return valueOf(response, findOpsFeedback.value);
};

describe('feedback lists by cursor', () => {
  it("shows no feedback twice and skips none in a member's history while the member writes", async () => {
    const memberId = await newLannaMember(world, 'feedback_stable', PASSWORD);
    await submitFeedback(memberId, { prefix: 'f', count: 5, from: '2026-02-20T00:00:00Z' });
    const { token } = await loginAs(world.app, { username: 'feedback_stable', password: PASSWORD });

    const first = await historyFor(token, '?pageSize=2');
    expect(contents(first)).toEqual(['f-5', 'f-4']);
    expect(first).toMatchObject({ total: 5, totalPages: 3, totalCapped: false, prevCursor: null });
    await submitFeedback(memberId, { prefix: 'later', count: 1, from: '2026-02-28T00:00:00Z' });
    const second = await historyFor(token, `?pageSize=2&pageNo=2&cursor=${first.nextCursor}`);
    expect(contents(second)).toEqual(['f-3', 'f-2']);
    const third = await historyFor(token, `?pageSize=2&pageNo=3&cursor=${second.nextCursor}`);
    expect(contents(third)).toEqual(['f-1']);
    expect(third.nextCursor).toBeNull();
    const back = await historyFor(token, `?pageSize=2&pageNo=1&cursor=${second.prevCursor}`);
    expect(contents(back)).toEqual(['f-5', 'f-4']);
    const newer = await historyFor(token, `?pageSize=2&pageNo=1&cursor=${back.prevCursor}`);
    expect(contents(newer)).toEqual(['later-1']);
  });

  it('keeps the queue oldest first and skips none when an operator answers between two pages', async () => {
    // Older than anything else of the merchant: the head of the queue.
    const memberId = await newLannaMember(world, 'feedback_queue', PASSWORD);
    await submitFeedback(memberId, { prefix: 'q', count: 5, from: '2020-01-01T00:00:00Z' });
    const first = await opsList('?pageSize=2');
    expect(contents(first)).toEqual(['q-1', 'q-2']);
    expect(first.prevCursor).toBeNull();
    // Answering q-1 takes it out of the queue: by position, page 2 would now skip q-3.
    await world.db.query(
      `UPDATE feedback SET reply = 'done', replied_by = 'ops', replied_at = now() WHERE id = $1`,
      [first.list[0]!.id],
    );
    const second = await opsList(`?pageSize=2&pageNo=2&cursor=${first.nextCursor}`);
    expect(contents(second)).toEqual(['q-3', 'q-4']);
    const back = await opsList(`?pageSize=2&pageNo=1&cursor=${second.prevCursor}`);
    expect(contents(back)).toEqual(['q-2']);
    expect(back.prevCursor).toBeNull();
  });

  it('lists answered feedback by latest answer, by cursor', async () => {
    const memberId = await newLannaMember(world, 'feedback_answered', PASSWORD);
    await submitFeedback(memberId, {
      prefix: 'r',
      count: 3,
      from: '2030-01-01T00:00:00Z',
      replied: true,
    });
    const first = await opsList('?status=replied&pageSize=2');
    expect(contents(first)).toEqual(['r-3', 'r-2']);
    const second = await opsList(`?status=replied&pageSize=2&pageNo=2&cursor=${first.nextCursor}`);
    expect(contents(second)[0]).toBe('r-1');
  });

  it('refuses a page number past the counted feedback without a cursor', async () => {
    const response = await world.app.inject({
      method: 'GET',
      url: '/ops/merchants/lanna/feedback?pageSize=20&pageNo=501',
      headers: OPERATOR_AUTH,
    });
    expect([response.statusCode, response.json<{ code: string }>().code]).toEqual([
      400,
      'RULES_NOT_MET',
    ]);
  });
});

describe.runIf(ON_POSTGRES)('feedback lists on 50,000 feedback', () => {
  let memberId = 0;
  let token = '';
  const author = () => ({ merchantId: world.lanna, memberId });

  beforeAll(async () => {
    const neighbour = await newLannaMember(world, 'feedback_neighbour', PASSWORD);
    await submitFeedback(neighbour, {
      prefix: 'n',
      count: 50_000,
      from: '2024-01-01T00:00:00Z',
      replied: true,
    });
    memberId = await newLannaMember(world, 'feedback_history', PASSWORD);
    await submitFeedback(memberId, { prefix: 'h', count: 50_000, from: '2024-01-01T00:00:00Z' });
    // Some of them with an image, as members send them.
    await world.db.query(
      `INSERT INTO feedback_images (feedback_id, content_type, bytes)
       SELECT id, 'image/png', '\\x89504e47'::bytea FROM feedback WHERE id % 50 = 0`,
    );
    await world.db.query('VACUUM ANALYZE feedback');
    await world.db.query('VACUUM ANALYZE feedback_images');
    ({ token } = await loginAs(world.app, { username: 'feedback_history', password: PASSWORD }));
  }, 120_000);

  it('counts up to the cap and says more than that', async () => {
    const first = await historyFor(token, '?pageSize=20');
    expect(first).toMatchObject({ total: MAX_COUNTED_ROWS, totalCapped: true, totalPages: 500 });
    expect(contents(first)[0]).toBe('h-50000');
  });

  it('reads each list, a cursor page deep in it and its count off its index', async () => {
    const deep = (await historyFor(token, '?pageSize=20&pageNo=500')).nextCursor!;
    const [atMicros = '', id = ''] = deep.split('.').slice(1);
    const after = { after: { atMicros, id } };
    const reads: [string, (db: Db) => Promise<unknown>, string, number][] = [
      [
        'page 1 of the member',
        (db) => findMemberFeedback(db, author(), { start: { offset: 0 }, limit: 21 }),
        'feedback_member',
        21,
      ],
      [
        "a page by cursor past the member's feedback 10,000",
        (db) => findMemberFeedback(db, author(), { start: after, limit: 21 }),
        'feedback_member',
        21,
      ],
      [
        "the member's count",
        (db) => countMemberFeedback(db, author(), MAX_COUNTED_ROWS + 1),
        'feedback_member',
        MAX_COUNTED_ROWS + 1,
      ],
      [
        'page 1 of the queue',
        (db) => findMerchantFeedback(db, world.lanna, false, { start: { offset: 0 }, limit: 21 }),
        'feedback_merchant_open',
        21,
      ],
      [
        'the count of the queue',
        (db) => countMerchantFeedback(db, world.lanna, false, MAX_COUNTED_ROWS + 1),
        'feedback_merchant_open',
        MAX_COUNTED_ROWS + 1,
      ],
      [
        'page 1 of the answered',
        (db) => findMerchantFeedback(db, world.lanna, true, { start: { offset: 0 }, limit: 21 }),
        'feedback_merchant_replied',
        21,
      ],
      [
        'the count of the answered',
        (db) => countMerchantFeedback(db, world.lanna, true, MAX_COUNTED_ROWS + 1),
        'feedback_merchant_replied',
        MAX_COUNTED_ROWS + 1,
      ],
    ];
    for (const [name, read, index, most] of reads) {
      // The only sort is of one feedback's own images, at most three.
      const plans = await plansOf(world.db, read);
      expectIndexReads(name, plans, { index, prefix: index, most, sorted: 3 });
    }
  });
});
