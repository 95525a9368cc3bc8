import { migrate, openDb, runReconciliationNow, seed, type Db } from '@lanna/server/testing';
import type { BenchPostgres } from './bench-postgres.ts';
import { writeEntries } from './ledger-fill.ts';
import { detail, line, ratio, skipped } from './report.ts';

const LEDGER_ENTRIES = 1_000_000;
const NEW_ENTRIES = 1_000;
const MEMBERS = 10_000;
const RUNS = 3;
const LABEL = 'reconciliation, 1,000 new entries';

type Fixture = { merchantId: number; houseAccountId: string; memberAccountIds: string[] };

/** Members with a main wallet each and a house account of their own, written as rows. */
const prepareAccounts = async (db: Db): Promise<Fixture> => {
  const { id: merchantId } = await db.one<{ id: number }>(
    'SELECT id FROM merchants ORDER BY id LIMIT 1',
  );
  await db.query(
    `INSERT INTO members (merchant_id, username, password_hash, type)
     SELECT $1, 'bench_' || g, 'bench', 0 FROM generate_series(1, $2::int) g`,
    [merchantId, MEMBERS],
  );
  const members = await db.query<{ id: string }>(
    `INSERT INTO ledger_accounts (merchant_id, owner, member_id, kind)
     SELECT merchant_id, 'member', id, 'main' FROM members
     WHERE merchant_id = $1 AND username LIKE 'bench\\_%' RETURNING id::text`,
    [merchantId],
  );
  const house = await db.one<{ id: string }>(
    `INSERT INTO ledger_accounts (merchant_id, owner, kind, shard)
     VALUES ($1, 'house', 'cash_in', 63) RETURNING id::text`,
    [merchantId],
  );
  return { merchantId, houseAccountId: house.id, memberAccountIds: members.map((row) => row.id) };
};

/**
 * `entries / 2` transfers from the house account to the members in turn, written by SQL on the
 * server (generate_series) rather than through the API: a million entries in seconds. Each
 * entry carries the running balance after it and the accounts' cached balances follow, so the
 * ledger's invariants hold as after real posts.
 */
const appendTransfers = async (db: Db, fixture: Fixture, entries: number, batch: string) => {
  await db.query(
    `INSERT INTO ledger_transfers (merchant_id, type, idempotency_key, request_hash, created_at)
     SELECT $1, 'bench_load', $2 || g, repeat('0', 64), now()
     FROM generate_series(1, $3::int) g ORDER BY g`,
    [fixture.merchantId, `bench-${batch}-`, entries / 2],
  );
  await writeEntries(
    db,
    `fresh AS (
       SELECT t.id, $3::bigint[] AS members,
         row_number() OVER (ORDER BY t.id) AS n
       FROM ledger_transfers t WHERE t.merchant_id = $1 AND t.idempotency_key LIKE $2 || '%'
     ), moves AS (
       SELECT f.id AS transfer_id, m.side, m.account_id, m.amount_minor
       FROM fresh f, LATERAL (VALUES
         (0, f.members[1 + f.n % cardinality(f.members)], 100 + f.n % 900),
         (1, $4::bigint, -(100 + f.n % 900))) AS m (side, account_id, amount_minor)
     )`,
    [fixture.merchantId, `bench-${batch}-`, fixture.memberAccountIds, fixture.houseAccountId],
  );
};

const timedRun = async (db: Db, scope: 'full' | 'incremental'): Promise<number> => {
  const startedAt = performance.now();
  const run = await runReconciliationNow(db, {
    actor: 'bench',
    reason: 'bench: incremental against full',
    scope,
    clock: () => new Date(),
  });
  const elapsedMs = performance.now() - startedAt;
  if (!run.ok) throw new Error(`the bench ledger does not add up: ${JSON.stringify(run.findings)}`);
  return elapsedMs;
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

/**
 * The scheduled (incremental) reconciliation after 1,000 new entries on a ledger of 1,000,000,
 * beside the full check of the same ledger (issue 21 item 7): the hourly job's cost should
 * follow the traffic, not the history. Medians of three runs each, on PostgreSQL.
 */
export const reconciliationSection = async (postgres: BenchPostgres | { unavailable: string }) => {
  console.log(
    `\nReconciliation: incremental run after ${NEW_ENTRIES.toLocaleString('en')} new entries vs the full check, ledger of ${LEDGER_ENTRIES.toLocaleString('en')} entries (ms)`,
  );
  if ('unavailable' in postgres) {
    skipped(LABEL, postgres.unavailable);
    return;
  }
  const db = await openDb({ kind: 'postgres', url: postgres.url });
  try {
    await migrate(db);
    await seed(db);
    const fixture = await prepareAccounts(db);
    const loadStartedAt = performance.now();
    await appendTransfers(db, fixture, LEDGER_ENTRIES, 'history');
    await db.exec('VACUUM ANALYZE');
    const loadMs = performance.now() - loadStartedAt;
    // The first incremental run reads the whole history once and sets the mark after it.
    const firstMs = await timedRun(db, 'incremental');
    const incrementalMs: number[] = [];
    for (let round = 0; round < RUNS; round += 1) {
      await appendTransfers(db, fixture, NEW_ENTRIES, `new-${round}`);
      incrementalMs.push(await timedRun(db, 'incremental'));
    }
    const fullMs: number[] = [];
    for (let round = 0; round < RUNS; round += 1) fullMs.push(await timedRun(db, 'full'));
    const incremental = median(incrementalMs);
    const full = median(fullMs);
    line(
      'incremental run (ms)',
      incremental.toFixed(1),
      'full check, same ledger',
      full.toFixed(0),
      ratio(incremental, full),
      '<= 0.05',
    );
    detail(
      `incremental ${incrementalMs.map((ms) => ms.toFixed(1)).join(', ')} ms; full ${fullMs.map((ms) => ms.toFixed(0)).join(', ')} ms; ` +
        `the first incremental run, over the whole history, ${firstMs.toFixed(0)} ms; ledger written in ${(loadMs / 1000).toFixed(1)} s`,
    );
  } finally {
    await db.close();
  }
};
