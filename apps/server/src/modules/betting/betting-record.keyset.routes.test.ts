// The betting record at any history size (issue 30; decision 016): pages by cursor stay stable
// while the member plays (no round twice, none skipped), and, on PostgreSQL with 50,000 rounds
// a member, each page and count reads the member's index, only as many rows as it shows, with
// no sort of the history. The rounds are written straight into `vendor_rounds` with no ledger
// behind them: the record reads only that table, and each test file has a database of its own.
import { BettingRecordPageSchema, MAX_COUNTED_ROWS, type BettingRecordPage } from '@lanna/contract';
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
import { countRounds, findRounds, sumRounds, type RoundScope } from './betting.repository.ts';

const PASSWORD = 'Keyset@2026x';
const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
const WINNINGS_TRIGGER = 'vendor_rounds_inserted_settled_winnings';

let world: MemberWorld;

beforeAll(async () => {
  world = await openMemberWorld('2026-03-01T09:00:00.000Z');
});

afterAll(() => closeMemberWorld(world));

/**
 * `count` settled rounds of the member, one every 15 minutes from `from`, round ids `prefix-n`,
 * at the house vendor or in turn at the vendors named.
 */
const openRounds = (
  memberId: number,
  prefix: string,
  count: number,
  from: string,
  vendorCodes = ['HOUSE'],
) =>
  world.db.query(
    `INSERT INTO vendor_rounds (merchant_id, vendor_code, round_id, member_id, game_code, wallet,
       play_money, status, debit_minor, credit_minor, opened_at, updated_at, closed_at)
     SELECT $1, ($6::text[])[1 + i % cardinality($6::text[])], $3 || '-' || i, $2, 'dice', 'main', false, 'settled', 100, 50 * (i % 3),
       t, t, t
     FROM generate_series(1, $4::integer) AS i,
       LATERAL (SELECT $5::timestamptz + i * interval '15 minutes' AS t) AS at`,
    [world.lanna, memberId, prefix, count, from, vendorCodes],
  );

const recordFor = async (token: string, query: string) => {
  const response = await call(world.app, {
    method: 'GET',
    url: `/wps/member/records/betting${query}`,
    token,
  });
  return valueOf(response, BettingRecordPageSchema);
};

describe('GET /wps/member/records/betting by cursor', () => {
  it('shows no round twice and skips none when the member plays between two pages', async () => {
    const memberId = await newLannaMember(world, 'rounds_stable', PASSWORD);
    await openRounds(memberId, 'stable', 5, '2026-02-20T00:00:00Z');
    const { token } = await loginAs(world.app, { username: 'rounds_stable', password: PASSWORD });
    const ids = (page: BettingRecordPage) => page.list.map((round) => round.roundId);

    const first = await recordFor(token, '?pageSize=2');
    expect(ids(first)).toEqual(['stable-5', 'stable-4']);
    expect(first).toMatchObject({ total: 5, totalPages: 3, totalCapped: false, prevCursor: null });
    await openRounds(memberId, 'later', 1, '2026-02-28T00:00:00Z');
    const second = await recordFor(token, `?pageSize=2&pageNo=2&cursor=${first.nextCursor}`);
    expect(ids(second)).toEqual(['stable-3', 'stable-2']);
    const third = await recordFor(token, `?pageSize=2&pageNo=3&cursor=${second.nextCursor}`);
    expect(ids(third)).toEqual(['stable-1']);
    expect(third.nextCursor).toBeNull();
    const back = await recordFor(token, `?pageSize=2&pageNo=1&cursor=${second.prevCursor}`);
    expect(ids(back)).toEqual(['stable-5', 'stable-4']);
    const newer = await recordFor(token, `?pageSize=2&pageNo=1&cursor=${back.prevCursor}`);
    expect(ids(newer)).toEqual(['later-1']);
  });
});

describe.runIf(ON_POSTGRES)('the betting record on 50,000 rounds', () => {
  let memberId = 0;
  let token = '';
  const scope = (): RoundScope => ({
    merchantId: world.lanna,
    memberId,
    from: null,
    to: null,
    timeZone: 'Asia/Bangkok',
    games: null,
  });

  beforeAll(async () => {
    const neighbour = await newLannaMember(world, 'rounds_neighbour', PASSWORD);
    // Spread over vendors, as a platform's rounds are: a vendor is a small part of them.
    const spread = Array.from({ length: 20 }, (_, index) => `N${index}`);
    memberId = await newLannaMember(world, 'rounds_history', PASSWORD);
    // The merchant's winnings total is not read here, and 50,000 updates of its one row in one
    // statement cost minutes (each walks the row's versions), so it is left out of the seeding.
    await world.db.query(`ALTER TABLE vendor_rounds DISABLE TRIGGER ${WINNINGS_TRIGGER}`);
    await openRounds(neighbour, 'n', 50_000, '2024-01-01T00:00:00Z', spread);
    await openRounds(memberId, 'h', 50_000, '2024-01-01T00:00:00Z');
    await world.db.query(`ALTER TABLE vendor_rounds ENABLE TRIGGER ${WINNINGS_TRIGGER}`);
    // A vendor the member rarely plays, before all the rest: a filter on it must not walk them.
    await openRounds(memberId, 'pg', 5, '2023-06-01T00:00:00Z', ['PG']);
    // As autovacuum leaves a settled history: counted, and all-visible for index-only reads.
    await world.db.query('VACUUM ANALYZE vendor_rounds, member_round_days');
    ({ token } = await loginAs(world.app, { username: 'rounds_history', password: PASSWORD }));
  }, 120_000);

  it('counts up to the cap and says more than that', async () => {
    const first = await recordFor(token, '?pageSize=20');
    expect(first).toMatchObject({ total: MAX_COUNTED_ROWS, totalCapped: true, totalPages: 500 });
    expect(first.list[0]?.roundId).toBe('h-50000');
  });

  it('reads page 1, a cursor page deep in the history and its count off the member index', async () => {
    const deep = (await recordFor(token, '?pageSize=20&pageNo=500')).nextCursor!;
    const [atMicros = '', id = ''] = deep.split('.').slice(1);
    const pairs = { vendorCodes: [], gameCodes: [] };
    const vendors = (wholeVendors: string[]) => ({
      ...scope(),
      games: { wholeVendors, included: pairs, excluded: pairs },
    });
    const reads: [string, (db: Db) => Promise<unknown>, string, number][] = [
      [
        'page 1',
        (db) => findRounds(db, scope(), { start: { offset: 0 }, limit: 21 }),
        'vendor_rounds_member_time',
        21,
      ],
      [
        'a page by cursor past round 10,000',
        (db) => findRounds(db, scope(), { start: { after: { atMicros, id } }, limit: 21 }),
        'vendor_rounds_member_time',
        21,
      ],
      [
        'the count',
        (db) => countRounds(db, scope(), MAX_COUNTED_ROWS + 1),
        'vendor_rounds_member_time',
        MAX_COUNTED_ROWS + 1,
      ],
      [
        'page 1 of a vendor played 5 times in 50,005',
        (db) => findRounds(db, vendors(['PG']), { start: { offset: 0 }, limit: 21 }),
        'vendor_rounds_member_vendor',
        5,
      ],
      [
        'the count of that vendor',
        (db) => countRounds(db, vendors(['PG']), MAX_COUNTED_ROWS + 1),
        'vendor_rounds_member_vendor',
        5,
      ],
      [
        'page 1 of two vendors, one range each',
        (db) => findRounds(db, vendors(['HOUSE', 'PG']), { start: { offset: 0 }, limit: 21 }),
        'vendor_rounds_member_vendor',
        26,
      ],
    ];
    for (const [name, read, index, most] of reads) {
      // Ranges merged: a sort of at most a page.
      const plans = await plansOf(world.db, read);
      expectIndexReads(name, plans, { index, prefix: 'vendor_rounds', most, sorted: 21 });
    }
  });

  it('sums the totals from the days the rounds keep, reading no round', async () => {
    const direct = await world.db.one<{ rounds: number; bet: string; win: string }>(
      `SELECT count(*)::int AS rounds, sum(debit_minor - rollback_minor)::text AS bet,
         sum(credit_minor)::text AS win
       FROM vendor_rounds WHERE member_id = $1 AND NOT play_money`,
      [memberId],
    );
    const first = await recordFor(token, '?pageSize=20');
    expect(first.totals).toMatchObject({
      rounds: direct.rounds,
      betMinor: direct.bet,
      validBetMinor: direct.bet,
      winMinor: direct.win,
    });
    // 50,000 house rounds every 15 minutes open on 522 Bangkok days, and 5 at PG on one: a row
    // a day and game.
    for (const plan of await plansOf(world.db, (db) => sumRounds(db, scope()))) {
      const shape = planShape(plan);
      expect(
        plan.map((node) => node['Relation Name']),
        shape,
      ).not.toContain('vendor_rounds');
      expect(
        plan.reduce((sum, node) => Math.max(sum, node['Actual Rows'] * node['Actual Loops']), 0),
        shape,
      ).toBeLessThanOrEqual(523);
    }
  });
});
