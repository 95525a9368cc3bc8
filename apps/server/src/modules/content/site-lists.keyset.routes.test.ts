// Notices and announcements page as every list does (issue 30; decision 016): by cursor, stable
// while an operator publishes between two loads (none twice, none skipped); and, on PostgreSQL
// with 50,000 of each for the merchant beside another merchant's 50,000, each page and count
// reads the merchant's index, only as many rows as it shows, with no sort. Rows are written
// straight into their tables: the lists read only them.
import {
  AnnouncementPageSchema,
  MAX_COUNTED_ROWS,
  NoticePageSchema,
  type AnnouncementPage,
  type NoticePage,
} from '@lanna/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { expectIndexReads, plansOf } from '../../testing/query-plans.ts';
import { valueOf } from '../../testing/requests.ts';
import { closeMemberWorld, openMemberWorld, type MemberWorld } from '../../testing/member-world.ts';
import {
  countPublishedAnnouncements,
  findPublishedAnnouncements,
  type AnnouncementFilter,
} from './announcements.repository.ts';
import { countPublishedNotices, findPublishedNotices } from './content.repository.ts';

const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
const NOW = '2026-03-01T09:00:00.000Z';

type TitledPage = NoticePage | AnnouncementPage;

let world: MemberWorld;
let siam = 0;

beforeAll(async () => {
  world = await openMemberWorld(NOW);
  ({ id: siam } = await world.db.one<{ id: number }>(
    "SELECT id FROM merchants WHERE code = 'siam'",
  ));
  // Only this file's rows: the seed's own would sit among them.
  await world.db.query('DELETE FROM notices');
  await world.db.query('DELETE FROM announcements');
});

afterAll(() => closeMemberWorld(world));

/** `count` notices of a merchant, one a minute from `from`, titled `prefix-n`. */
const publishNotices = (merchantId: number, prefix: string, count: number, from: string) =>
  world.db.query(
    `INSERT INTO notices (merchant_id, title, content, published_at)
     SELECT $1, $2 || '-' || i, '<p>Notice</p>', $4::timestamptz + i * interval '1 minute'
     FROM generate_series(1, $3::integer) AS i`,
    [merchantId, prefix, count, from],
  );

/** `count` announcements for logged-in members (A), one a minute from `from`, titled `prefix-n`. */
const publishAnnouncements = (merchantId: number, prefix: string, count: number, from: string) =>
  world.db.query(
    `INSERT INTO announcements (merchant_id, title, content, promotion_type, execution,
       published_at)
     SELECT $1, $2 || '-' || i, '<p>News</p>', 'PR', 'A',
       $4::timestamptz + i * interval '1 minute'
     FROM generate_series(1, $3::integer) AS i`,
    [merchantId, prefix, count, from],
  );

const pageOf = async (
  path: string,
  query: string,
  schema: typeof NoticePageSchema | typeof AnnouncementPageSchema,
): Promise<TitledPage> =>
  valueOf(await world.app.inject({ method: 'GET', url: `${path}${query}` }), schema);

const titles = (page: TitledPage) => page.list.map((item) => item.title);

describe.each([
  ['/wps/content/notices', '?', publishNotices, NoticePageSchema],
  ['/wps/content/announcements', '?execution=A&', publishAnnouncements, AnnouncementPageSchema],
] as const)('GET %s by cursor', (path, prefix, publish, schema) => {
  it('shows nothing twice and skips nothing when one is published between two pages', async () => {
    const lanna = world.lanna;
    await publish(lanna, 's', 5, '2026-02-20T00:00:00Z');
    const first = await pageOf(path, `${prefix}pageSize=2`, schema);
    expect(titles(first)).toEqual(['s-5', 's-4']);
    expect(first).toMatchObject({ total: 5, totalPages: 3, totalCapped: false, prevCursor: null });
    await publish(lanna, 'later', 1, '2026-02-28T00:00:00Z');
    const second = await pageOf(
      path,
      `${prefix}pageSize=2&pageNo=2&cursor=${first.nextCursor}`,
      schema,
    );
    expect(titles(second)).toEqual(['s-3', 's-2']);
    const third = await pageOf(
      path,
      `${prefix}pageSize=2&pageNo=3&cursor=${second.nextCursor}`,
      schema,
    );
    expect(titles(third)).toEqual(['s-1']);
    expect(third.nextCursor).toBeNull();
    const back = await pageOf(
      path,
      `${prefix}pageSize=2&pageNo=1&cursor=${second.prevCursor}`,
      schema,
    );
    expect(titles(back)).toEqual(['s-5', 's-4']);
    const newer = await pageOf(
      path,
      `${prefix}pageSize=2&pageNo=1&cursor=${back.prevCursor}`,
      schema,
    );
    expect(titles(newer)).toEqual(['later-1']);
  });

  it('refuses a page number past the counted rows without a cursor', async () => {
    const response = await world.app.inject({
      method: 'GET',
      url: `${path}${prefix}pageSize=50&pageNo=201`,
    });
    expect([response.statusCode, response.json<{ code: string }>().code]).toEqual([
      400,
      'RULES_NOT_MET',
    ]);
  });
});

describe.runIf(ON_POSTGRES)('notices and announcements on 50,000 each', () => {
  const filter = (): AnnouncementFilter => ({
    types: ['B', 'PL', 'PU', 'PR', 'H'],
    execution: 'A',
    platform: 'W',
    now: new Date(NOW),
  });

  beforeAll(async () => {
    for (const merchantId of [siam, world.lanna]) {
      await publishNotices(merchantId, 'h', 50_000, '2024-01-01T00:00:00Z');
      await publishAnnouncements(merchantId, 'h', 50_000, '2024-01-01T00:00:00Z');
    }
    await world.db.query('VACUUM ANALYZE notices');
    await world.db.query('VACUUM ANALYZE announcements');
  }, 120_000);

  it('reads page 1, a cursor page deep in the list and the count off the merchant index', async () => {
    const deep = (await pageOf('/wps/content/notices', '?pageSize=20&pageNo=500', NoticePageSchema))
      .nextCursor!;
    const [atMicros = '', id = ''] = deep.split('.').slice(1);
    const now = new Date(NOW);
    const lanna = world.lanna;
    const reads: [string, (db: Db) => Promise<unknown>, string, number][] = [
      [
        'notices page 1',
        (db) => findPublishedNotices(db, lanna, { start: { offset: 0 }, limit: 21, now }),
        'notices_merchant_published',
        21,
      ],
      [
        'notices by cursor past row 10,000',
        (db) =>
          findPublishedNotices(db, lanna, { start: { after: { atMicros, id } }, limit: 21, now }),
        'notices_merchant_published',
        21,
      ],
      [
        'the count of notices',
        (db) => countPublishedNotices(db, lanna, now, MAX_COUNTED_ROWS + 1),
        'notices_merchant_published',
        MAX_COUNTED_ROWS + 1,
      ],
      [
        'announcements page 1',
        (db) =>
          findPublishedAnnouncements(db, lanna, filter(), { start: { offset: 0 }, limit: 21 }),
        'announcements_merchant_audience',
        21,
      ],
      [
        'the count of announcements',
        (db) => countPublishedAnnouncements(db, lanna, filter(), MAX_COUNTED_ROWS + 1),
        'announcements_merchant_audience',
        MAX_COUNTED_ROWS + 1,
      ],
    ];
    for (const [name, read, index, most] of reads) {
      expectIndexReads(name, await plansOf(world.db, read), { index, prefix: index, most });
    }
  });
});
