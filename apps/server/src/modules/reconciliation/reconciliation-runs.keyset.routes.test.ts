// The reconciliation runs list at any history size (issue 30; decision 016): pages by cursor,
// all runs or only those that found something, stay stable while runs are recorded (none twice,
// none skipped); and, on PostgreSQL with 50,000 clean runs beside 50,000 that found something,
// each page and count reads its index, only as many rows as it shows, with no sort of the
// history. Runs are written straight into `reconciliation_runs`: the list reads only that table.
import { findReconciliationRuns, MAX_COUNTED_ROWS, type ValueOf } from '@lanna/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { expectIndexReads, plansOf } from '../../testing/query-plans.ts';
import { closeMemberWorld, openMemberWorld, type MemberWorld } from '../../testing/member-world.ts';
import { OPERATOR_AUTH, valueOf } from '../../testing/requests.ts';
import { countRuns, findRuns } from './reconciliation.repository.ts';

const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
type RunPage = ValueOf<typeof findReconciliationRuns>;

let world: MemberWorld;

beforeAll(async () => {
  world = await openMemberWorld('2026-03-01T09:00:00.000Z');
});

afterAll(() => closeMemberWorld(world));

/**
 * `count` scheduled full runs, one every 10 minutes from `from`, each finding `findings`
 * problems (the count only: the list does not read into them).
 */
const recordRuns = (count: number, from: string, findings: number) =>
  world.db.query(
    `INSERT INTO reconciliation_runs (trigger, actor, scope, entries_checked, started_at,
       finished_at, ok, finding_count, findings)
     SELECT 'schedule', NULL, 'full', NULL, t, t + interval '1 second', $3 = 0, $3, '[]'::jsonb
     FROM generate_series(1, $1::integer) AS i,
       LATERAL (SELECT $2::timestamptz + i * interval '10 minutes' AS t) AS at`,
    [count, from, findings],
  );

const runsFor = async (query: string) => {
  const response = await world.app.inject({
    method: 'GET',
    url: `/ops/reconciliation-runs${query}`,
    headers: OPERATOR_AUTH,
  });
  return valueOf(response, findReconciliationRuns.value);
};

const startsOf = (page: RunPage) => page.list.map((run) => run.startedAt.slice(0, 16));

describe('GET /ops/reconciliation-runs by cursor', () => {
  it('shows no failed run twice and skips none while runs are recorded between two pages', async () => {
    await recordRuns(5, '2020-01-01T00:00:00Z', 2);
    await recordRuns(5, '2020-01-01T00:05:00Z', 0);
    const first = await runsFor('?ok=false&pageSize=2');
    expect(startsOf(first)).toEqual(['2020-01-01T00:50', '2020-01-01T00:40']);
    expect(first).toMatchObject({ total: 5, totalPages: 3, totalCapped: false, prevCursor: null });
    await recordRuns(1, '2020-01-02T00:00:00Z', 1);
    const second = await runsFor(`?ok=false&pageSize=2&pageNo=2&cursor=${first.nextCursor}`);
    expect(startsOf(second)).toEqual(['2020-01-01T00:30', '2020-01-01T00:20']);
    const third = await runsFor(`?ok=false&pageSize=2&pageNo=3&cursor=${second.nextCursor}`);
    expect(startsOf(third)).toEqual(['2020-01-01T00:10']);
    expect(third.nextCursor).toBeNull();
    const back = await runsFor(`?ok=false&pageSize=2&pageNo=1&cursor=${second.prevCursor}`);
    expect(startsOf(back)).toEqual(['2020-01-01T00:50', '2020-01-01T00:40']);
    const newer = await runsFor(`?ok=false&pageSize=2&pageNo=1&cursor=${back.prevCursor}`);
    expect(startsOf(newer)).toEqual(['2020-01-02T00:10']);
    const all = await runsFor('?pageSize=3');
    expect(startsOf(all)).toEqual(['2020-01-02T00:10', '2020-01-01T00:55', '2020-01-01T00:50']);
  });

  it('refuses a page number past the counted runs without a cursor', async () => {
    const response = await world.app.inject({
      method: 'GET',
      url: '/ops/reconciliation-runs?pageSize=100&pageNo=101',
      headers: OPERATOR_AUTH,
    });
    expect([response.statusCode, response.json<{ code: string }>().code]).toEqual([
      400,
      'RULES_NOT_MET',
    ]);
  });
});

describe.runIf(ON_POSTGRES)('the reconciliation runs list on 100,000 runs', () => {
  beforeAll(async () => {
    await recordRuns(50_000, '2024-01-01T00:00:00Z', 0);
    await recordRuns(50_000, '2024-01-01T00:05:00Z', 3);
    await world.db.query('VACUUM ANALYZE reconciliation_runs');
  }, 120_000);

  it('counts up to the cap and says more than that', async () => {
    const first = await runsFor('?ok=false&pageSize=20');
    expect(first).toMatchObject({ total: MAX_COUNTED_ROWS, totalCapped: true, totalPages: 500 });
    expect(first.list.every((run) => !run.ok)).toBe(true);
  });

  it('reads page 1, a cursor page deep in the history and the count off the runs indexes', async () => {
    const deep = (await runsFor('?ok=false&pageSize=20&pageNo=500')).nextCursor!;
    const [atMicros = '', id = ''] = deep.split('.').slice(1);
    const after = { after: { atMicros, id } };
    const reads: [string, (db: Db) => Promise<unknown>, string, number][] = [
      [
        'page 1 of every run',
        (db) => findRuns(db, { start: { offset: 0 }, limit: 21, ok: undefined }),
        'reconciliation_runs_started',
        21,
      ],
      [
        'the count of every run',
        (db) => countRuns(db, undefined, MAX_COUNTED_ROWS + 1),
        'reconciliation_runs_started',
        MAX_COUNTED_ROWS + 1,
      ],
      [
        'page 1 of the failed runs',
        (db) => findRuns(db, { start: { offset: 0 }, limit: 21, ok: false }),
        'reconciliation_runs_ok_started',
        21,
      ],
      [
        'a page of failed runs by cursor past run 10,000',
        (db) => findRuns(db, { start: after, limit: 21, ok: false }),
        'reconciliation_runs_ok_started',
        21,
      ],
      [
        'the count of the failed runs',
        (db) => countRuns(db, false, MAX_COUNTED_ROWS + 1),
        'reconciliation_runs_ok_started',
        MAX_COUNTED_ROWS + 1,
      ],
    ];
    for (const [name, read, index, most] of reads) {
      expectIndexReads(name, await plansOf(world.db, read), { index, prefix: index, most });
    }
  });
});
