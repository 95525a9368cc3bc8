// A member's box at any size (issue 30; decision 016): pages by cursor stay stable while
// messages arrive (none twice, none skipped), merging the member's own messages with those to
// every member and passing over deleted ones; and, on PostgreSQL with a box of 50,000 beside a
// neighbour's 50,000, each page and count reads the box indexes, only as many rows as it shows,
// with no sort of the history. Messages are written straight into `messages`: the box reads
// only that table and the member's states, and each test file has a database of its own.
import { findMessages, MAX_COUNTED_ROWS, type ValueOf } from '@lanna/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { call, loginAs } from '../../testing/index.ts';
import { expectIndexReads, planShape, plansOf } from '../../testing/query-plans.ts';
import { valueOf } from '../../testing/requests.ts';
import {
  closeMemberWorld,
  newLannaMember,
  openMemberWorld,
  type MemberWorld,
} from '../../testing/member-world.ts';
import { countBox, findBoxPage, type Box } from './messages.repository.ts';

const PASSWORD = 'Keyset@2026x';
const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);

type BoxPage = ValueOf<typeof findMessages>;

let world: MemberWorld;

beforeAll(async () => {
  world = await openMemberWorld('2026-03-01T09:00:00.000Z');
});

afterAll(() => closeMemberWorld(world));

/**
 * `count` internal messages, one a minute from `from`, titled `prefix-n`: to the member, or to
 * every member of the merchant when `memberId` is null.
 */
const sendMessages = (memberId: number | null, prefix: string, count: number, from: string) =>
  world.db.query(
    `INSERT INTO messages (merchant_id, kind, member_id, title, content, sent_by, created_at)
     SELECT $1, 'internal', $2::bigint, $3 || '-' || i, '<p>Hi</p>', 'test',
       $5::timestamptz + i * interval '1 minute'
     FROM generate_series(1, $4::integer) AS i`,
    [world.lanna, memberId, prefix, count, from],
  );

const boxFor = async (token: string, query: string) => {
  const response = await call(world.app, {
    method: 'GET',
    url: `/wps/member/messages?kind=internal${query}`,
    token,
  });
  return valueOf(response, findMessages.value);
};

describe('GET /wps/member/messages by cursor', () => {
  it('shows no message twice and skips none when messages arrive between two pages', async () => {
    const memberId = await newLannaMember(world, 'box_stable', PASSWORD);
    // Three of the member's own and two to everyone, interleaved in time: one box.
    await sendMessages(memberId, 'own', 3, '2026-02-20T00:00:00Z');
    await sendMessages(null, 'all', 2, '2026-02-20T00:00:30Z');
    const { token } = await loginAs(world.app, { username: 'box_stable', password: PASSWORD });
    const titles = (page: BoxPage) => page.list.map((message) => message.title);

    const first = await boxFor(token, '&pageSize=2');
    expect(titles(first)).toEqual(['own-3', 'all-2']);
    expect(first).toMatchObject({ total: 5, totalPages: 3, totalCapped: false, prevCursor: null });
    await sendMessages(memberId, 'later', 1, '2026-02-28T00:00:00Z');
    const second = await boxFor(token, `&pageSize=2&pageNo=2&cursor=${first.nextCursor}`);
    expect(titles(second)).toEqual(['own-2', 'all-1']);
    const third = await boxFor(token, `&pageSize=2&pageNo=3&cursor=${second.nextCursor}`);
    expect(titles(third)).toEqual(['own-1']);
    expect(third.nextCursor).toBeNull();
    const back = await boxFor(token, `&pageSize=2&pageNo=1&cursor=${second.prevCursor}`);
    expect(titles(back)).toEqual(['own-3', 'all-2']);
    const newer = await boxFor(token, `&pageSize=2&pageNo=1&cursor=${back.prevCursor}`);
    expect(titles(newer)).toEqual(['later-1']);
  });

  it('passes over a deleted message inside a page and in the count', async () => {
    const memberId = await newLannaMember(world, 'box_deleted', PASSWORD);
    await sendMessages(memberId, 'kept', 3, '2026-02-21T00:00:00Z');
    const { token } = await loginAs(world.app, { username: 'box_deleted', password: PASSWORD });
    const first = await boxFor(token, '&pageSize=2');
    const deleted = await call(world.app, {
      method: 'DELETE',
      url: `/wps/member/messages/${first.list[1]?.id}`,
      token,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const page = await boxFor(token, '&pageSize=2');
    expect(page.list.map((message) => message.title)).toEqual(['kept-3', 'kept-1']);
    expect(page.total).toBe(first.total - 1);
  });

  it('refuses a page number past the counted messages without a cursor', async () => {
    const { token } = await loginAs(world.app, { username: 'box_stable', password: PASSWORD });
    const response = await call(world.app, {
      method: 'GET',
      url: '/wps/member/messages?kind=internal&pageSize=10&pageNo=1001',
      token,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ code: string }>().code).toBe('RULES_NOT_MET');
  });
});

describe.runIf(ON_POSTGRES)('a box of 50,000 messages', () => {
  let box: Box;
  let token = '';

  beforeAll(async () => {
    // Newer than the messages to everyone the tests above sent, which are in this box too.
    const neighbour = await newLannaMember(world, 'box_neighbour', PASSWORD);
    await sendMessages(neighbour, 'n', 50_000, '2026-03-01T00:00:00Z');
    const memberId = await newLannaMember(world, 'box_history', PASSWORD);
    await sendMessages(memberId, 'h', 25_000, '2026-03-01T00:00:30Z');
    await sendMessages(null, 'a', 25_000, '2026-03-01T00:00:00Z');
    box = { merchantId: world.lanna, memberId };
    // What members did with them: the neighbour read everything, the member every other one
    // and deleted one in a hundred.
    await world.db.query(
      `INSERT INTO message_states (member_id, message_id, read_at, deleted_at)
       SELECT m.member_id, m.id, m.created_at, NULL FROM messages m WHERE m.member_id = $1
       UNION ALL
       SELECT $2, m.id, m.created_at, CASE WHEN m.id % 100 = 50 THEN m.created_at END
       FROM messages m
       WHERE (m.member_id = $2 OR m.member_id IS NULL) AND m.id % 2 = 0 AND m.title LIKE '_-%'`,
      [neighbour, memberId],
    );
    await world.db.query('VACUUM ANALYZE messages');
    await world.db.query('VACUUM ANALYZE message_states');
    ({ token } = await loginAs(world.app, { username: 'box_history', password: PASSWORD }));
  }, 120_000);

  it('counts up to the cap and says more than that', async () => {
    const first = await boxFor(token, '&pageSize=20');
    expect(first).toMatchObject({ total: MAX_COUNTED_ROWS, totalCapped: true, totalPages: 500 });
    expect(first.list[0]?.title).toMatch(/^h-2[0-9]{4}$/);
  });

  it('reads page 1, a cursor page deep in the box and its count off the box indexes', async () => {
    const deep = (await boxFor(token, '&pageSize=20&pageNo=500')).nextCursor!;
    const [atMicros = '', id = ''] = deep.split('.').slice(1);
    const reads: [string, (db: Db) => Promise<unknown>, number][] = [
      ['page 1', (db) => findBoxPage(db, box, 'internal', { start: { offset: 0 }, limit: 21 }), 21],
      [
        'a page by cursor past message 10,000',
        (db) => findBoxPage(db, box, 'internal', { start: { after: { atMicros, id } }, limit: 21 }),
        21,
      ],
      [
        'the count',
        (db) => countBox(db, box, 'internal', MAX_COUNTED_ROWS + 1),
        MAX_COUNTED_ROWS + 1,
      ],
    ];
    for (const [name, read, most] of reads) {
      // Both ranges in the box's order, each cut at `most`; at most their rows are merged.
      const plans = await plansOf(world.db, read);
      const bound = 2 * most;
      const member = { index: 'messages_member_box_time', prefix: 'messages_', most: bound };
      expectIndexReads(name, plans, { ...member, sorted: bound });
      for (const plan of plans) {
        expect(
          plan.map((node) => node['Index Name']),
          `${name} ${planShape(plan)}`,
        ).toContain('messages_merchant_box_time');
      }
    }
  });
});
