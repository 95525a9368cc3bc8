// The deposit records and the operators' deposit queue at any history size (issue 30; decision
// 016): pages by cursor stay stable while deposits arrive (none twice, none skipped), newest
// first for the member and oldest first for the pending queue; and, on PostgreSQL with 50,000
// deposits a member beside a neighbour's 50,000, each page and count reads its index, only as
// many rows as it shows, with no sort of the history. The deposits are written straight into
// the table: the lists read only it, and each test file has a database of its own.
import { findOpsDeposits, findDeposits, MAX_COUNTED_ROWS, type DepositPage } from '@lanna/contract';
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
import { countDeposits, findDepositPage, type DepositSelection } from './deposit.repository.ts';

const PASSWORD = 'Keyset@2026x';
const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);

let world: MemberWorld;
let channelId = 0;

beforeAll(async () => {
  world = await openMemberWorld('2026-03-01T09:00:00.000Z');
  ({ id: channelId } = await world.db.one<{ id: number }>(
    "SELECT id FROM payment_channels WHERE merchant_id = $1 AND kind = 'bank_transfer' LIMIT 1",
    [world.lanna],
  ));
});

afterAll(() => closeMemberWorld(world));

/**
 * `count` deposits of the member, one every 15 minutes from `from`, references `prefix-n`: every
 * tenth pending, the others failed at the gateway.
 */
const writeDeposits = (memberId: number, prefix: string, count: number, from: string) =>
  world.db.query(
    `INSERT INTO deposits (merchant_id, member_id, channel_id, amount_minor, reference,
       idempotency_key, request_hash, status, decided_at, created_at)
     SELECT $1, $2, $3, 10000, $4 || '-' || i, 'deposit-key-' || $4 || '-' || i, repeat('0', 64),
       CASE WHEN i % 10 = 0 THEN 'pending' ELSE 'failed' END,
       CASE WHEN i % 10 = 0 THEN NULL ELSE t END, t
     FROM generate_series(1, $5::integer) AS i,
       LATERAL (SELECT $6::timestamptz + i * interval '15 minutes' AS t) AS at`,
    [world.lanna, memberId, channelId, prefix, count, from],
  );

const recordsFor = async (token: string, query: string) => {
  const response = await call(world.app, {
    method: 'GET',
    url: `/wps/payments/deposits${query}`,
    token,
  });
  return valueOf(response, findDeposits.value);
};

const queueFor = async (query: string) => {
  const response = await world.app.inject({
    method: 'GET',
    url: `/ops/merchants/lanna/deposits${query}`,
    headers: OPERATOR_AUTH,
  });
  return valueOf(response, findOpsDeposits.value);
};

const references = (page: DepositPage) => page.list.map((deposit) => deposit.reference);

describe('GET /wps/payments/deposits by cursor', () => {
  it('shows no deposit twice and skips none when the member deposits between two pages', async () => {
    const memberId = await newLannaMember(world, 'deposits_stable', PASSWORD);
    await writeDeposits(memberId, 'stable', 5, '2026-02-20T00:00:00Z');
    const { token } = await loginAs(world.app, { username: 'deposits_stable', password: PASSWORD });

    const first = await recordsFor(token, '?pageSize=2');
    expect(references(first)).toEqual(['stable-5', 'stable-4']);
    expect(first).toMatchObject({ total: 5, totalPages: 3, totalCapped: false, prevCursor: null });
    await writeDeposits(memberId, 'later', 1, '2026-02-28T00:00:00Z');
    const second = await recordsFor(token, `?pageSize=2&pageNo=2&cursor=${first.nextCursor}`);
    expect(references(second)).toEqual(['stable-3', 'stable-2']);
    const third = await recordsFor(token, `?pageSize=2&pageNo=3&cursor=${second.nextCursor}`);
    expect(references(third)).toEqual(['stable-1']);
    expect(third.nextCursor).toBeNull();
    const back = await recordsFor(token, `?pageSize=2&pageNo=1&cursor=${second.prevCursor}`);
    expect(references(back)).toEqual(['stable-5', 'stable-4']);
    const newer = await recordsFor(token, `?pageSize=2&pageNo=1&cursor=${back.prevCursor}`);
    expect(references(newer)).toEqual(['later-1']);
  });

  it('refuses a page past row 10,000 without a cursor, and a malformed cursor', async () => {
    await newLannaMember(world, 'deposits_deep', PASSWORD);
    const { token } = await loginAs(world.app, { username: 'deposits_deep', password: PASSWORD });
    for (const [query, code] of [
      ['?pageSize=20&pageNo=501', 'RULES_NOT_MET'],
      ['?cursor=c.1.1', 'VALIDATION_FAILED'],
    ]) {
      const response = await call(world.app, {
        method: 'GET',
        url: `/wps/payments/deposits${query}`,
        token,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ code: string }>().code).toBe(code);
    }
  });
});

describe('GET /ops/merchants/:merchantCode/deposits by cursor', () => {
  it('pages the pending queue oldest first, stable while deposits arrive', async () => {
    const memberId = await newLannaMember(world, 'deposits_queue', PASSWORD);
    // Every tenth is pending: 10, 20, ... 50.
    await writeDeposits(memberId, 'queue', 50, '2020-01-01T00:00:00Z');
    const first = await queueFor('?status=pending&pageSize=2');
    expect(references(first)).toEqual(['queue-10', 'queue-20']);
    expect(first).toMatchObject({ total: 5, totalCapped: false, prevCursor: null });
    await writeDeposits(memberId, 'older', 10, '2019-01-01T00:00:00Z');
    const second = await queueFor(`?status=pending&pageSize=2&pageNo=2&cursor=${first.nextCursor}`);
    expect(references(second)).toEqual(['queue-30', 'queue-40']);
    const back = await queueFor(`?status=pending&pageSize=2&pageNo=1&cursor=${second.prevCursor}`);
    expect(references(back)).toEqual(['queue-10', 'queue-20']);
    const earlier = await queueFor(`?status=pending&pageSize=2&pageNo=1&cursor=${back.prevCursor}`);
    expect(references(earlier)).toEqual(['older-10']);
    expect(earlier.prevCursor).toBeNull();
  });
});

describe.runIf(ON_POSTGRES)('the deposit lists on 50,000 deposits a member', () => {
  let memberId = 0;
  let token = '';
  const member = (status: DepositSelection['status']): DepositSelection => ({
    merchantId: world.lanna,
    memberId,
    status,
    from: null,
    to: null,
    timeZone: 'Asia/Bangkok',
    first: 'newest',
  });
  const queue: () => DepositSelection = () => ({
    ...member('pending'),
    memberId: null,
    first: 'oldest',
  });

  beforeAll(async () => {
    const neighbour = await newLannaMember(world, 'deposits_neighbour', PASSWORD);
    await writeDeposits(neighbour, 'n', 50_000, '2024-01-01T00:00:00Z');
    memberId = await newLannaMember(world, 'deposits_history', PASSWORD);
    await writeDeposits(memberId, 'h', 50_000, '2024-01-01T00:00:00Z');
    // As autovacuum leaves a settled history: counted, and all-visible for index-only reads.
    await world.db.query('VACUUM ANALYZE deposits');
    ({ token } = await loginAs(world.app, { username: 'deposits_history', password: PASSWORD }));
  }, 120_000);

  it('counts up to the cap and says more than that', async () => {
    const first = await recordsFor(token, '?pageSize=20');
    expect(first).toMatchObject({ total: MAX_COUNTED_ROWS, totalCapped: true, totalPages: 500 });
    expect(first.list[0]?.reference).toBe('h-50000');
  });

  it("reads the member's pages, a cursor page past row 10,000 and the count off its indexes", async () => {
    const deep = (await recordsFor(token, '?pageSize=20&pageNo=500')).nextCursor!;
    const [atMicros = '', id = ''] = deep.split('.').slice(1);
    const reads: [string, (db: Db) => Promise<unknown>, string, number][] = [
      [
        'page 1',
        (db) => findDepositPage(db, { ...member(null), start: { offset: 0 }, limit: 21 }),
        'deposits_member_created',
        21,
      ],
      [
        'a page by cursor past deposit 10,000',
        (db) =>
          findDepositPage(db, { ...member(null), start: { after: { atMicros, id } }, limit: 21 }),
        'deposits_member_created',
        21,
      ],
      [
        'the count',
        (db) => countDeposits(db, member(null), MAX_COUNTED_ROWS + 1),
        'deposits_member_created',
        MAX_COUNTED_ROWS + 1,
      ],
      [
        'page 1 of one status',
        (db) => findDepositPage(db, { ...member('pending'), start: { offset: 0 }, limit: 21 }),
        'deposits_member_status',
        21,
      ],
      [
        'the count of one status',
        (db) => countDeposits(db, member('pending'), MAX_COUNTED_ROWS + 1),
        'deposits_member_status',
        MAX_COUNTED_ROWS + 1,
      ],
    ];
    for (const [name, read, index, most] of reads) {
      expectIndexReads(name, await plansOf(world.db, read), { index, prefix: 'deposits', most });
    }
  });

  it("reads the operators' pending queue and its count off the status index", async () => {
    const reads: [string, (db: Db) => Promise<unknown>, number][] = [
      [
        'queue page 1',
        (db) => findDepositPage(db, { ...queue(), start: { offset: 0 }, limit: 21 }),
        21,
      ],
      [
        'a queue page by cursor',
        (db) =>
          findDepositPage(db, {
            ...queue(),
            start: { after: { atMicros: '1717200000000000', id: '1' } },
            limit: 21,
          }),
        21,
      ],
      [
        'the queue count',
        (db) => countDeposits(db, queue(), MAX_COUNTED_ROWS + 1),
        MAX_COUNTED_ROWS + 1,
      ],
    ];
    for (const [name, read, most] of reads) {
      expectIndexReads(name, await plansOf(world.db, read), {
        index: 'deposits_status_created',
        prefix: 'deposits',
        most,
      });
    }
  });
});
