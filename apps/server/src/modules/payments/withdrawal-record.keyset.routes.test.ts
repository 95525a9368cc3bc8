// The withdrawal records and the operators' withdrawal queue at any history size (issue 30;
// decision 016): pages by cursor stay stable while withdrawals arrive (none twice, none
// skipped), newest first for the member and oldest first for the queue, and 'received' merges
// the received rows with the paid ones past their deadline in order, while 'paid' shows only
// those still awaiting confirmation; and, on PostgreSQL with 50,000 withdrawals a member beside
// a neighbour's 50,000, each page and count reads its index, only as many rows as it shows (the
// paid ones: the merchant's few awaiting, never the timed-out history), with no sort of the
// history. The withdrawals are written straight into the table: the lists read only it, and
// each test file has a database of its own.
import {
  findOpsWithdrawals,
  findWithdrawals,
  MAX_COUNTED_ROWS,
  type WithdrawalPage,
} from '@lanna/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { call, loginAs } from '../../testing/index.ts';
import {
  expectIndexReads,
  indexRowsRead,
  planShape,
  plansOf,
  type PlanNode,
} from '../../testing/query-plans.ts';
import { OPERATOR_AUTH, valueOf } from '../../testing/requests.ts';
import {
  closeMemberWorld,
  fundMainWallet,
  newLannaMember,
  openMemberWorld,
  type MemberWorld,
} from '../../testing/member-world.ts';
import {
  countWithdrawals,
  findWithdrawalPage,
  type WithdrawalSelection,
} from './withdrawal.repository.ts';

const PASSWORD = 'Keyset@2026x';
const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
const NOW = '2026-03-01T09:00:00.000Z';

let world: MemberWorld;

beforeAll(async () => {
  world = await openMemberWorld(NOW);
});

afterAll(() => closeMemberWorld(world));

/**
 * A member with a payee account, and `write`: `count` withdrawals of it, one every 15 minutes
 * from `from`, idempotency keys ending `prefix-n`. A history has every tenth pending and the
 * others rejected; a payout alternates paid (past its hour to confirm, so received by timeout)
 * and received by the member; every one awaiting is paid, its hour to confirm not over when
 * requested within the hour before `NOW`. Every row points at one transfer: the lists never
 * read it.
 */
const withdrawingMember = async (username: string) => {
  const memberId = await newLannaMember(world, username, PASSWORD);
  await fundMainWallet(world, memberId, 100n, `fund-${username}`);
  const { id: transferId } = await world.db.one<{ id: string }>(
    'SELECT max(id)::text AS id FROM ledger_transfers WHERE merchant_id = $1',
    [world.lanna],
  );
  const { id: payeeId } = await world.db.one<{ id: string }>(
    `INSERT INTO payee_accounts (merchant_id, member_id, kind, bank_name, account_name,
       account_number, created_at)
     VALUES ($1, $2::bigint, 'bank', 'Test Bank', 'Test Payee', '1000' || $2::bigint, $3)
     RETURNING id::text AS id`,
    [world.lanna, memberId, NOW],
  );
  const write = (
    prefix: string,
    count: number,
    from: string,
    kind: 'history' | 'payout' | 'awaiting',
  ) =>
    world.db.query(
      `INSERT INTO withdrawals (merchant_id, member_id, idempotency_key, request_hash,
         amount_minor, payee_account_id, payee_kind, payee_bank_name, payee_account_name,
         payee_account_number, status, requested_at, hold_transfer_id, decided_at,
         settle_transfer_id, paid_at, confirm_deadline_at, confirmed_at, confirmed_by)
       SELECT $1, $2::bigint, 'withdrawal-key-' || $3 || '-' || i, repeat('0', 64), 10000, $4, 'bank',
         'Test Bank', 'Test Payee', '1000' || $2::bigint, s.status, t, $5,
         CASE WHEN s.status = 'pending' THEN NULL ELSE t END,
         CASE WHEN s.status = 'pending' THEN NULL ELSE $5::bigint END,
         CASE WHEN s.status IN ('paid', 'received') THEN t END,
         CASE WHEN s.status IN ('paid', 'received') THEN t + interval '1 hour' END,
         CASE WHEN s.status = 'received' THEN t + interval '30 minutes' END,
         CASE WHEN s.status = 'received' THEN 'member' END
       FROM generate_series(1, $6::integer) AS i,
         LATERAL (SELECT $7::timestamptz + i * interval '15 minutes' AS t) AS at,
         LATERAL (SELECT CASE
           WHEN $8 = 'history' THEN CASE WHEN i % 10 = 0 THEN 'pending' ELSE 'rejected' END
           WHEN $8 = 'awaiting' OR i % 2 = 1 THEN 'paid' ELSE 'received' END AS status) AS s`,
      [world.lanna, memberId, prefix, payeeId, transferId, count, from, kind],
    );
  return { memberId, write };
};

const recordsFor = async (token: string, query: string) => {
  const response = await call(world.app, {
    method: 'GET',
    url: `/wps/payments/withdrawals${query}`,
    token,
  });
  return valueOf(response, findWithdrawals.value);
};

const queueFor = async (query: string) => {
  const response = await world.app.inject({
    method: 'GET',
    url: `/ops/merchants/lanna/withdrawals${query}`,
    headers: OPERATOR_AUTH,
  });
  return valueOf(response, findOpsWithdrawals.value);
};

const requestedAt = (page: WithdrawalPage) => page.list.map((item) => item.requestedAt);
const at = (from: string, quarters: number) =>
  new Date(Date.parse(from) + quarters * 15 * 60_000).toISOString();

describe('GET /wps/payments/withdrawals by cursor', () => {
  it('shows no withdrawal twice and skips none when the member withdraws between two pages', async () => {
    const { write } = await withdrawingMember('withdrawals_stable');
    const from = '2026-02-20T00:00:00.000Z';
    await write('stable', 5, from, 'history');
    const { token } = await loginAs(world.app, {
      username: 'withdrawals_stable',
      password: PASSWORD,
    });

    const first = await recordsFor(token, '?pageSize=2');
    expect(requestedAt(first)).toEqual([at(from, 5), at(from, 4)]);
    expect(first).toMatchObject({ total: 5, totalPages: 3, totalCapped: false, prevCursor: null });
    await write('later', 1, '2026-02-28T00:00:00.000Z', 'history');
    const second = await recordsFor(token, `?pageSize=2&pageNo=2&cursor=${first.nextCursor}`);
    expect(requestedAt(second)).toEqual([at(from, 3), at(from, 2)]);
    const third = await recordsFor(token, `?pageSize=2&pageNo=3&cursor=${second.nextCursor}`);
    expect(requestedAt(third)).toEqual([at(from, 1)]);
    expect(third.nextCursor).toBeNull();
    const back = await recordsFor(token, `?pageSize=2&pageNo=1&cursor=${second.prevCursor}`);
    expect(requestedAt(back)).toEqual([at(from, 5), at(from, 4)]);
    const newer = await recordsFor(token, `?pageSize=2&pageNo=1&cursor=${back.prevCursor}`);
    expect(requestedAt(newer)).toEqual([at('2026-02-28T00:00:00.000Z', 1)]);
  });

  it('pages received ones, by the member or by timeout, as one list in order', async () => {
    const { write } = await withdrawingMember('withdrawals_received');
    const from = '2026-02-10T00:00:00.000Z';
    await write('payout', 5, from, 'payout');
    const { token } = await loginAs(world.app, {
      username: 'withdrawals_received',
      password: PASSWORD,
    });
    const first = await recordsFor(token, '?status=received&pageSize=3');
    expect(requestedAt(first)).toEqual([at(from, 5), at(from, 4), at(from, 3)]);
    expect(first.list.map((item) => item.confirmedBy)).toEqual(['timeout', 'member', 'timeout']);
    expect(first).toMatchObject({ total: 5, totalPages: 2 });
    const second = await recordsFor(
      token,
      `?status=received&pageSize=3&pageNo=2&cursor=${first.nextCursor}`,
    );
    expect(requestedAt(second)).toEqual([at(from, 2), at(from, 1)]);
    expect(second.nextCursor).toBeNull();
    expect((await recordsFor(token, '?status=paid')).total).toBe(0);
  });

  it('shows under paid only the withdrawals awaiting confirmation, newest first', async () => {
    const { write } = await withdrawingMember('withdrawals_awaiting');
    const past = '2026-02-10T00:00:00.000Z';
    // 1, 3 and 5 paid and past their hour (received by timeout); 2, 4 and 6 received.
    await write('payout', 6, past, 'payout');
    const from = '2026-03-01T08:00:00.000Z';
    await write('awaiting', 3, from, 'awaiting');
    const { token } = await loginAs(world.app, {
      username: 'withdrawals_awaiting',
      password: PASSWORD,
    });

    const first = await recordsFor(token, '?status=paid&pageSize=2');
    expect(requestedAt(first)).toEqual([at(from, 3), at(from, 2)]);
    expect(first.list.map((item) => item.status)).toEqual(['paid', 'paid']);
    expect(first).toMatchObject({ total: 3, totalPages: 2, totalCapped: false, prevCursor: null });
    const second = await recordsFor(
      token,
      `?status=paid&pageSize=2&pageNo=2&cursor=${first.nextCursor}`,
    );
    expect(requestedAt(second)).toEqual([at(from, 1)]);
    expect(second.nextCursor).toBeNull();
    const back = await recordsFor(
      token,
      `?status=paid&pageSize=2&pageNo=1&cursor=${second.prevCursor}`,
    );
    expect(requestedAt(back)).toEqual([at(from, 3), at(from, 2)]);

    const received = await recordsFor(token, '?status=received');
    expect(requestedAt(received)).toEqual([6, 5, 4, 3, 2, 1].map((n) => at(past, n)));
    expect(received.list.map((item) => item.confirmedBy)).toEqual([
      'member',
      'timeout',
      'member',
      'timeout',
      'member',
      'timeout',
    ]);
    expect(received.total).toBe(6);
    // The operators' queue of paid ones holds the same three (no other member awaits), oldest first.
    const queue = await queueFor('?status=paid&pageSize=2');
    expect(requestedAt(queue)).toEqual([at(from, 1), at(from, 2)]);
    expect(queue).toMatchObject({ total: 3, totalPages: 2 });
  });

  it('refuses a page past row 10,000 without a cursor, and a malformed cursor', async () => {
    await newLannaMember(world, 'withdrawals_deep', PASSWORD);
    const { token } = await loginAs(world.app, {
      username: 'withdrawals_deep',
      password: PASSWORD,
    });
    for (const [query, code] of [
      ['?pageSize=20&pageNo=501', 'RULES_NOT_MET'],
      ['?cursor=a.1', 'VALIDATION_FAILED'],
    ]) {
      const response = await call(world.app, {
        method: 'GET',
        url: `/wps/payments/withdrawals${query}`,
        token,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ code: string }>().code).toBe(code);
    }
  });
});

describe('GET /ops/merchants/:merchantCode/withdrawals by cursor', () => {
  it('pages the pending queue oldest first, stable while withdrawals arrive', async () => {
    const { write } = await withdrawingMember('withdrawals_queue');
    const from = '2020-01-01T00:00:00.000Z';
    // Every tenth is pending: 10, 20, ... 50.
    await write('queue', 50, from, 'history');
    const first = await queueFor('?status=pending&pageSize=2');
    expect(requestedAt(first)).toEqual([at(from, 10), at(from, 20)]);
    expect(first).toMatchObject({ total: 5, totalCapped: false, prevCursor: null });
    await write('older', 10, '2019-01-01T00:00:00.000Z', 'history');
    const second = await queueFor(`?status=pending&pageSize=2&pageNo=2&cursor=${first.nextCursor}`);
    expect(requestedAt(second)).toEqual([at(from, 30), at(from, 40)]);
    const back = await queueFor(`?status=pending&pageSize=2&pageNo=1&cursor=${second.prevCursor}`);
    expect(requestedAt(back)).toEqual([at(from, 10), at(from, 20)]);
    const earlier = await queueFor(`?status=pending&pageSize=2&pageNo=1&cursor=${back.prevCursor}`);
    expect(requestedAt(earlier)).toEqual([at('2019-01-01T00:00:00.000Z', 10)]);
    expect(earlier.prevCursor).toBeNull();
  });
});

/**
 * Rows a plan reached on `withdrawals`: those its indexes gave, and those a scan of the table
 * read and then dropped by a filter (a range of every paid row, filtered by deadline, walks them
 * all while it returns a few).
 */
const withdrawalRowsReached = (plan: PlanNode[]): number =>
  indexRowsRead(plan, 'withdrawals') +
  plan
    .filter((node) => node['Relation Name'] === 'withdrawals')
    .reduce((sum, node) => sum + (node['Rows Removed by Filter'] ?? 0) * node['Actual Loops'], 0);

const AWAITING_FROM = '2026-03-01T08:00:00.000Z';

describe.runIf(ON_POSTGRES)('the withdrawal lists on 50,000 withdrawals a member', () => {
  let memberId = 0;
  let token = '';
  const member = (status: WithdrawalSelection['status']): WithdrawalSelection => ({
    merchantId: world.lanna,
    memberId,
    status,
    from: null,
    to: null,
    timeZone: 'Asia/Bangkok',
    first: 'newest',
    now: new Date(NOW),
  });
  const queue = (): WithdrawalSelection => ({
    ...member('pending'),
    memberId: null,
    first: 'oldest',
  });

  beforeAll(async () => {
    const neighbour = await withdrawingMember('withdrawals_neighbour');
    await neighbour.write('n', 50_000, '2024-01-01T00:00:00Z', 'history');
    const history = await withdrawingMember('withdrawals_history');
    memberId = history.memberId;
    await history.write('h', 50_000, '2024-01-01T00:00:00Z', 'history');
    // Payouts of the year before, half of them paid and past their hour (received by timeout)
    // but 'paid' in their rows, and a few paid within the hour, still awaiting confirmation.
    await neighbour.write('np', 20_000, '2023-01-01T00:00:00Z', 'payout');
    await history.write('p', 20_000, '2023-01-01T00:00:00Z', 'payout');
    await neighbour.write('na', 2, AWAITING_FROM, 'awaiting');
    await history.write('a', 4, AWAITING_FROM, 'awaiting');
    // As autovacuum leaves a settled history: counted, and all-visible for index-only reads.
    await world.db.query('VACUUM ANALYZE withdrawals');
    ({ token } = await loginAs(world.app, {
      username: 'withdrawals_history',
      password: PASSWORD,
    }));
  }, 120_000);

  it('counts up to the cap and says more than that', async () => {
    const first = await recordsFor(token, '?pageSize=20');
    expect(first).toMatchObject({ total: MAX_COUNTED_ROWS, totalCapped: true, totalPages: 500 });
    expect(first.list[0]?.requestedAt).toBe(at(AWAITING_FROM, 4));
    expect(first.list[4]?.requestedAt).toBe(at('2024-01-01T00:00:00.000Z', 50_000));
  });

  it("reads the member's pages, a cursor page past row 10,000 and the count off its indexes", async () => {
    const deep = (await recordsFor(token, '?pageSize=20&pageNo=500')).nextCursor!;
    const [atMicros = '', id = ''] = deep.split('.').slice(1);
    const reads: [string, (db: Db) => Promise<unknown>, string, number][] = [
      [
        'page 1',
        (db) => findWithdrawalPage(db, { ...member(null), start: { offset: 0 }, limit: 21 }),
        'withdrawals_member_time',
        21,
      ],
      [
        'a page by cursor past withdrawal 10,000',
        (db) =>
          findWithdrawalPage(db, {
            ...member(null),
            start: { after: { atMicros, id } },
            limit: 21,
          }),
        'withdrawals_member_time',
        21,
      ],
      [
        'the count',
        (db) => countWithdrawals(db, member(null), MAX_COUNTED_ROWS + 1),
        'withdrawals_member_time',
        MAX_COUNTED_ROWS + 1,
      ],
      [
        'page 1 of one status',
        (db) => findWithdrawalPage(db, { ...member('pending'), start: { offset: 0 }, limit: 21 }),
        'withdrawals_member_status',
        21,
      ],
      [
        'the count of one status',
        (db) => countWithdrawals(db, member('pending'), MAX_COUNTED_ROWS + 1),
        'withdrawals_member_status',
        MAX_COUNTED_ROWS + 1,
      ],
    ];
    for (const [name, read, index, most] of reads) {
      expectIndexReads(name, await plansOf(world.db, read), { index, prefix: 'withdrawals', most });
    }
  });

  it("reads the operators' pending queue and its count off the review index", async () => {
    const reads: [string, (db: Db) => Promise<unknown>, number][] = [
      [
        'queue page 1',
        (db) => findWithdrawalPage(db, { ...queue(), start: { offset: 0 }, limit: 21 }),
        21,
      ],
      [
        'a queue page by cursor',
        (db) =>
          findWithdrawalPage(db, {
            ...queue(),
            start: { after: { atMicros: '1717200000000000', id: '1' } },
            limit: 21,
          }),
        21,
      ],
      [
        'the queue count',
        (db) => countWithdrawals(db, queue(), MAX_COUNTED_ROWS + 1),
        MAX_COUNTED_ROWS + 1,
      ],
    ];
    for (const [name, read, most] of reads) {
      expectIndexReads(name, await plansOf(world.db, read), {
        index: 'withdrawals_review',
        prefix: 'withdrawals',
        most,
      });
    }
  });

  it('reads the paid ones awaiting confirmation off the live set, not the timed-out history', async () => {
    const { awaiting } = await world.db.one<{ awaiting: number }>(
      `SELECT count(*)::int AS awaiting FROM withdrawals
       WHERE merchant_id = $1 AND status = 'paid' AND confirm_deadline_at > $2`,
      [world.lanna, NOW],
    );
    // The member's four, the neighbour's two and those of the tests above: a handful, beside
    // 20,000 paid rows of the two past their deadline.
    expect(awaiting).toBeLessThan(20);
    const paidQueue = (): WithdrawalSelection => ({ ...queue(), status: 'paid' });
    const reads: [string, (db: Db) => Promise<unknown>][] = [
      [
        "the member's paid page 1",
        (db) => findWithdrawalPage(db, { ...member('paid'), start: { offset: 0 }, limit: 21 }),
      ],
      [
        "the member's paid page by cursor",
        (db) =>
          findWithdrawalPage(db, {
            ...member('paid'),
            start: { after: { atMicros: `${Date.parse(NOW)}000`, id: '9223372036854775807' } },
            limit: 21,
          }),
      ],
      [
        "the member's paid count",
        (db) => countWithdrawals(db, member('paid'), MAX_COUNTED_ROWS + 1),
      ],
      [
        'the paid queue page 1',
        (db) => findWithdrawalPage(db, { ...paidQueue(), start: { offset: 0 }, limit: 21 }),
      ],
      ['the paid queue count', (db) => countWithdrawals(db, paidQueue(), MAX_COUNTED_ROWS + 1)],
    ];
    for (const [name, read] of reads) {
      const plans = await plansOf(world.db, read);
      expectIndexReads(name, plans, {
        index: 'withdrawals_awaiting',
        prefix: 'withdrawals',
        most: awaiting + 2,
        sorted: awaiting,
      });
      for (const plan of plans) {
        expect(withdrawalRowsReached(plan), `${name} ${planShape(plan)}`).toBeLessThanOrEqual(
          awaiting + 2,
        );
      }
    }
    expect(
      (
        await findWithdrawalPage(world.db, { ...member('paid'), start: { offset: 0 }, limit: 21 })
      ).map((row) => [row.status, row.requested_at.toISOString()]),
    ).toEqual([4, 3, 2, 1].map((n) => ['paid', at(AWAITING_FROM, n)]));
    expect(await countWithdrawals(world.db, member('paid'), MAX_COUNTED_ROWS + 1)).toBe(4);
    expect(await countWithdrawals(world.db, paidQueue(), MAX_COUNTED_ROWS + 1)).toBe(awaiting);
  });
});
