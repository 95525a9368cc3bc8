// The account record at any history size (issue 30; decision 016): pages by cursor stay stable
// while the member's money moves (no row twice, none skipped), a page number deeper than the
// counted rows needs a cursor, and, on PostgreSQL with a history of 50,000 entries, each page
// and count reads the member's index, only as many rows as it shows, with no sort of the
// history and no window count.
import { AccountRecordPageSchema, MAX_COUNTED_ROWS, type AccountRecordPage } from '@lanna/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { call, loginAs } from '../../testing/index.ts';
import { expectIndexReads, indexRowsRead, planShape, plansOf } from '../../testing/query-plans.ts';
import { valueOf } from '../../testing/requests.ts';
import {
  closeMemberWorld,
  newLannaMember,
  openMemberWorld,
  type MemberWorld,
} from '../../testing/member-world.ts';
import {
  countStatement,
  findStatement,
  getOrCreateHouseAccount,
  getOrCreateMemberAccount,
  moveEntries,
  postTransfer,
  type StatementFilter,
  type StatementSelection,
} from '../ledger/index.ts';

const PASSWORD = 'Keyset@2026x';
const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);

let world: MemberWorld;

const pageFor = async (token: string, query: string) => {
  const response = await call(world.app, {
    method: 'GET',
    url: `/wps/member/records/account${query}`,
    token,
  });
  return valueOf(response, AccountRecordPageSchema);
};

/** A member whose main wallet got `deposits` deposits of 1..n minor units, one a minute. */
const memberWithDeposits = async (username: string, deposits: number) => {
  const memberId = await newLannaMember(world, username, PASSWORD);
  const main = await getOrCreateMemberAccount(world.db, world.lanna, memberId, { kind: 'main' });
  const cashIn = await getOrCreateHouseAccount(world.db, world.lanna, { kind: 'cash_in' });
  const deposit = async (amountMinor: number) => {
    world.clock.set(new Date(world.clock().getTime() + 60_000).toISOString());
    await postTransfer(
      world.db,
      {
        merchantId: world.lanna,
        type: 'deposit',
        idempotencyKey: `${username}:${amountMinor}`,
        entries: moveEntries(cashIn.id, main.id, BigInt(amountMinor)),
      },
      { now: world.clock() },
    );
  };
  for (let amount = 1; amount <= deposits; amount += 1) await deposit(amount);
  const { token } = await loginAs(world.app, { username, password: PASSWORD });
  return { memberId, token, deposit };
};

beforeAll(async () => {
  world = await openMemberWorld('2026-03-01T09:00:00.000Z');
});

afterAll(() => closeMemberWorld(world));

describe('GET /wps/member/records/account by cursor', () => {
  it('shows no row twice and skips none when the member gets a new entry between two pages', async () => {
    const member = await memberWithDeposits('keyset_stable', 5);
    const amounts = (page: AccountRecordPage) => page.list.map((entry) => entry.amountMinor);

    const first = await pageFor(member.token, '?pageSize=2');
    expect(amounts(first)).toEqual(['5', '4']);
    expect(first).toMatchObject({ total: 5, totalPages: 3, totalCapped: false, prevCursor: null });
    await member.deposit(6);
    const second = await pageFor(member.token, `?pageSize=2&pageNo=2&cursor=${first.nextCursor}`);
    expect(amounts(second)).toEqual(['3', '2']);
    const third = await pageFor(member.token, `?pageSize=2&pageNo=3&cursor=${second.nextCursor}`);
    expect(amounts(third)).toEqual(['1']);
    expect(third.nextCursor).toBeNull();

    // Back from the second page: the first page as it was, then the newer row before it.
    const back = await pageFor(member.token, `?pageSize=2&pageNo=1&cursor=${second.prevCursor}`);
    expect(amounts(back)).toEqual(['5', '4']);
    const newer = await pageFor(member.token, `?pageSize=2&pageNo=1&cursor=${back.prevCursor}`);
    expect(amounts(newer)).toEqual(['6']);
    expect(newer.prevCursor).toBeNull();
  });

  it('refuses a page number past the counted rows without a cursor with RULES_NOT_MET', async () => {
    const { token } = await memberWithDeposits('keyset_deep', 1);
    const deepest = MAX_COUNTED_ROWS / 20;
    expect((await pageFor(token, `?pageSize=20&pageNo=${deepest}`)).list).toEqual([]);
    const refused = await call(world.app, {
      method: 'GET',
      url: `/wps/member/records/account?pageSize=20&pageNo=${deepest + 1}`,
      token,
    });
    expect([refused.statusCode, refused.json<{ code: string }>().code]).toEqual([
      400,
      'RULES_NOT_MET',
    ]);
    for (const cursor of ['c.1.1', 'a.1', 'a.-1.2', 'a.1.2.3']) {
      const bad = await call(world.app, {
        method: 'GET',
        url: `/wps/member/records/account?cursor=${cursor}`,
        token,
      });
      expect([bad.statusCode, bad.json<{ code: string }>().code], cursor).toEqual([
        400,
        'VALIDATION_FAILED',
      ]);
    }
  });
});

const HISTORY = 50_000;

/**
 * A member's history written as the ledger writes it, in one statement: each transfer a credit
 * to the member's main wallet from cash_in, both entries with the balance after them, then the
 * two cached balances. Every 100th transfer is an adjustment; one every 15 minutes from 2024.
 */
const fillHistory = async (memberId: number) => {
  const main = await getOrCreateMemberAccount(world.db, world.lanna, memberId, { kind: 'main' });
  const cashIn = await getOrCreateHouseAccount(world.db, world.lanna, { kind: 'cash_in' });
  await world.db.transaction(async (tx) => {
    const [member, house] = await Promise.all(
      [main.id, cashIn.id].map((id) =>
        tx.one<{ balance: string }>(
          'SELECT balance_minor::text AS balance FROM ledger_accounts WHERE id = $1 FOR UPDATE',
          [id],
        ),
      ),
    );
    await tx.query(
      `WITH written AS (
         INSERT INTO ledger_transfers (merchant_id, type, idempotency_key, request_hash, created_at)
         SELECT $1, CASE WHEN i % 100 = 0 THEN 'adjustment' ELSE 'deposit' END, 'history:' || $5::bigint || ':' || i,
           repeat('a', 64), timestamptz '2024-01-01T00:00:00Z' + i * interval '15 minutes'
         FROM generate_series(1, $2::integer) AS i
         RETURNING id, type, created_at
       ), numbered AS (
         SELECT id, type, created_at, row_number() OVER (ORDER BY id) AS k FROM written
       )
       INSERT INTO ledger_entries (merchant_id, transfer_id, account_id, amount_minor,
         balance_after_minor, member_id, type, created_at)
       SELECT $1, n.id, s.account_id, s.amount_minor, s.after, s.member_id, n.type, n.created_at
       FROM numbered n CROSS JOIN LATERAL (VALUES
         ($3::bigint, 100::bigint, $4::bigint + n.k * 100, $5::bigint),
         ($6::bigint, -100::bigint, $7::bigint - n.k * 100, NULL::bigint))
         AS s (account_id, amount_minor, after, member_id)
       ORDER BY n.id, s.amount_minor DESC`,
      [world.lanna, HISTORY, main.id, member!.balance, memberId, cashIn.id, house!.balance],
    );
    await tx.query(
      `UPDATE ledger_accounts SET balance_minor = balance_minor + $2::bigint * $3 WHERE id = $1`,
      [main.id, HISTORY, 100],
    );
    await tx.query(
      `UPDATE ledger_accounts SET balance_minor = balance_minor - $2::bigint * $3 WHERE id = $1`,
      [cashIn.id, HISTORY, 100],
    );
  });
  // As autovacuum leaves a settled history: counted, and all-visible for index-only reads.
  await world.db.query('VACUUM ANALYZE ledger_entries');
  await world.db.query('VACUUM ANALYZE ledger_transfers');
};

describe.runIf(ON_POSTGRES)('the account record on a history of 50,000 entries', () => {
  let memberId = 0;
  let token = '';
  let timeZone = '';

  beforeAll(async () => {
    // Another member's history as large as this one's: the plans must not read it.
    await fillHistory(await newLannaMember(world, 'keyset_neighbour', PASSWORD));
    memberId = await newLannaMember(world, 'keyset_history', PASSWORD);
    await fillHistory(memberId);
    ({ token } = await loginAs(world.app, { username: 'keyset_history', password: PASSWORD }));
    ({ time_zone: timeZone } = await world.db.one<{ time_zone: string }>(
      'SELECT time_zone FROM merchants WHERE id = $1',
      [world.lanna],
    ));
  }, 120_000);

  const selection = (more: Partial<StatementSelection> = {}): StatementSelection => ({
    memberId,
    types: null,
    from: null,
    to: null,
    timeZone,
    ...more,
  });
  const page = (more: Partial<StatementFilter> = {}): StatementFilter => ({
    ...selection(),
    merchantId: world.lanna,
    start: { offset: 0 },
    limit: 21,
    ...more,
  });

  it('counts up to the cap and says more than that', async () => {
    const first = await pageFor(token, '?pageSize=20');
    expect(first).toMatchObject({ total: MAX_COUNTED_ROWS, totalCapped: true, totalPages: 500 });
    expect(first.list[0]?.balanceAfterMinor).toBe(String(HISTORY * 100));
  });

  it('reads page 1, a cursor page deep in the history, one type and 30 days off the member indexes', async () => {
    const deep = (await pageFor(token, `?pageSize=20&pageNo=500`)).nextCursor!;
    const [micros = '', id = ''] = deep.split('.').slice(1);
    const reads: [string, (db: Db) => Promise<unknown>, string][] = [
      ['page 1', (db) => findStatement(db, page()), 'ledger_entries_member_time'],
      [
        'a page by cursor past row 10,000',
        (db) => findStatement(db, page({ start: { after: { atMicros: micros, id } } })),
        'ledger_entries_member_time',
      ],
      [
        'adjustments only',
        (db) => findStatement(db, page({ types: ['adjustment'] })),
        'ledger_entries_member_type_time',
      ],
      [
        'the last 30 days of the history',
        (db) => findStatement(db, page({ from: '2025-05-01', to: '2025-05-30' })),
        'ledger_entries_member_time',
      ],
    ];
    for (const [name, read, index] of reads) {
      // The page's 21 keys off the member's index, then those 21 entries by their key.
      const plans = await plansOf(world.db, read);
      expectIndexReads(name, plans, { index, prefix: 'ledger_entries', most: 42, sorted: 21 });
      for (const plan of plans) {
        expect(
          plan.map((node) => node['Node Type']),
          name,
        ).not.toContain('WindowAgg');
      }
    }
  });

  it('counts no further than the cap, off the member indexes', async () => {
    for (const counted of [selection(), selection({ types: ['deposit', 'adjustment'] })]) {
      for (const plan of await plansOf(world.db, (db) =>
        countStatement(db, counted, MAX_COUNTED_ROWS + 1),
      )) {
        const shape = planShape(plan);
        const indexes = plan.map((node) => node['Index Name'] ?? '');
        expect(
          indexes.some((name) => name.startsWith('ledger_entries_member')),
          shape,
        ).toBe(true);
        expect(
          plan.map((node) => node['Node Type']),
          shape,
        ).not.toContain('Seq Scan');
        expect(indexRowsRead(plan, 'ledger_entries'), shape).toBeLessThanOrEqual(
          MAX_COUNTED_ROWS + 1,
        );
      }
    }
  });
});
