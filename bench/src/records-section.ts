import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, openDb, seed, stopProcess, type Db } from '@lanna/server/testing';
import { settleBenchDatabase, type BenchPostgres } from './bench-postgres.ts';
import { startLanna } from './lanna-server.ts';
import { writeEntries } from './ledger-fill.ts';
import { loginOverHttp } from './member-login.ts';
import { detail, line, ratio, skipped } from './report.ts';

const HOST = 'lanna.localhost';
const PASSWORD = 'Demo@12345';
// BENCH_RECORDS_SCALE (default 1) divides every size below, for a quick try of the section.
const SCALE = Math.max(1, Number(process.env.BENCH_RECORDS_SCALE ?? 1));
const SMALL_ROUNDS = Math.round(10_000 / SCALE);
const BIG_ROUNDS = Math.round(1_000_000 / SCALE);
const OTHER_MEMBERS = Math.round(1_000 / SCALE);
const OTHER_ROUNDS = 5_000;
// Other members are written in chunks until this budget is spent: how many made it is printed.
const OTHERS_BUDGET_MS = Number(process.env.BENCH_RECORDS_BUILD_SECONDS ?? 180) * 1000;
const OTHERS_CHUNK = 50;
const VENDOR = 'HOUSE';
const PAGE_SIZE = 20;
const DEEP_PAGE = 500;
const WARM_UP = 20;
const REQUESTS = 200;
// A read that takes seconds would keep 220 requests busy for minutes: each figure stops at
// this many seconds and prints how many requests it timed.
const FIGURE_SECONDS = Number(process.env.BENCH_RECORDS_SECONDS ?? 15);
const LABEL = 'records';

type Fixture = {
  merchantId: number;
  gameAccountId: string;
  adjustmentAccountId: string;
  gameCodes: string[];
};
type Member = { username: string; memberId: string; accountId: string };

/** Members that sign in with the demo password: demo_member's row under another name. */
const createMembers = async (db: Db, merchantId: number, names: string[]): Promise<Member[]> => {
  const rows = await db.query<{ username: string; member_id: string }>(
    `INSERT INTO members (merchant_id, username, password_hash, type, nickname)
     SELECT $1, n, m.password_hash, 0, n
     FROM members m, unnest($2::text[]) AS n
     WHERE m.merchant_id = $1 AND m.username = 'demo_member'
     RETURNING username, id::text AS member_id`,
    [merchantId, names],
  );
  const accounts = await db.query<{ member_id: string; id: string }>(
    `INSERT INTO ledger_accounts (merchant_id, owner, member_id, kind)
     SELECT $1, 'member', id, 'main' FROM unnest($2::bigint[]) AS id
     RETURNING member_id::text, id::text`,
    [merchantId, rows.map((row) => row.member_id)],
  );
  const accountOf = new Map(accounts.map((row) => [row.member_id, row.id]));
  return rows.map((row) => ({
    username: row.username,
    memberId: row.member_id,
    accountId: accountOf.get(row.member_id) ?? '',
  }));
};

const prepareFixture = async (db: Db): Promise<Fixture> => {
  const { merchant_id: merchantId } = await db.one<{ merchant_id: number }>(
    'SELECT merchant_id FROM merchant_domains WHERE domain = $1',
    [HOST],
  );
  // House accounts of the bench's own (shard 63), the other side of every generated transfer.
  const house = await db.query<{ kind: string; id: string }>(
    `INSERT INTO ledger_accounts (merchant_id, owner, kind, vendor_code, shard)
     VALUES ($1, 'house', 'game', $2, 63), ($1, 'house', 'adjustment', NULL, 63)
     RETURNING kind, id::text`,
    [merchantId, VENDOR],
  );
  const games = await db.query<{ game_code: string }>(
    `SELECT g.game_code FROM games g JOIN vendors v ON v.id = g.vendor_id
     WHERE v.code = $1 ORDER BY g.id LIMIT 8`,
    [VENDOR],
  );
  return {
    merchantId,
    gameAccountId: house.find((row) => row.kind === 'game')?.id ?? '',
    adjustmentAccountId: house.find((row) => row.kind === 'adjustment')?.id ?? '',
    gameCodes: games.length > 0 ? games.map((row) => row.game_code) : ['bench-game'],
  };
};

/**
 * `rounds` settled rounds for each member, written by SQL on the server (generate_series), as
 * the vendor wallet would have left them: round i is a bet of 100 to 999 (a `bet` transfer,
 * member to the house game account, reference `round:HOUSE:<round id>`), every third round a
 * win of twice the bet one second later (`win`), and before every hundredth round an operator
 * adjustment of 1,000.00 that funds the next hundred bets, so no member balance ever goes
 * below zero. That is about 1.34 entries a round on the member's wallet, as in issue 30's
 * measurements. Rounds spread evenly over the last 365 days. Each entry carries the balance
 * after it, the accounts' balances follow, every transfer sums to zero (the ledger's trigger
 * checks it), and each round's debit and credit equal its transfers (what reconciliation
 * compares). Members' rounds interleave in time; ledger ids follow time within one call.
 */
const appendHistory = async (db: Db, fixture: Fixture, members: Member[], rounds: number) => {
  await db.exec(`DROP TABLE IF EXISTS bench_record_events;
    CREATE UNLOGGED TABLE bench_record_events (
      seq bigint, member_id bigint, account_id bigint, i int, kind text, amount bigint,
      at timestamptz, key text)`);
  await db.query(
    `WITH m AS (
       SELECT * FROM unnest($1::bigint[], $2::bigint[]) WITH ORDINALITY AS m (member_id, account_id, k)
     ), r AS (
       SELECT m.member_id, m.account_id, i, 100 + (i * 7 + m.k) % 900 AS bet,
         now() - interval '365 days' * (($3::int - i + 1)::float8 / $3::int) AS at
       FROM m, generate_series(1, $3::int) AS i
     ), e AS (
       SELECT r.member_id, r.account_id, r.i, v.kind, v.ord, v.amount, r.at + v.shift AS at
       FROM r, LATERAL (VALUES
         ('adjustment', 0, 100000::bigint, interval '-1 second'),
         ('bet', 1, -r.bet, interval '0'),
         ('win', 2, 2 * r.bet, interval '1 second')) AS v (kind, ord, amount, shift)
       WHERE v.kind = 'bet' OR (v.kind = 'adjustment' AND r.i % 100 = 1)
         OR (v.kind = 'win' AND r.i % 3 = 0)
     )
     INSERT INTO bench_record_events (seq, member_id, account_id, i, kind, amount, at, key)
     SELECT row_number() OVER (ORDER BY at, member_id, ord), member_id, account_id, i, kind,
       amount, at, 'bench:records:' || member_id || ':' || i || ':' || kind
     FROM e`,
    [members.map((m) => m.memberId), members.map((m) => m.accountId), rounds],
  );
  await db.query(
    `INSERT INTO ledger_transfers (merchant_id, type, reference, idempotency_key, request_hash,
       created_at)
     SELECT $1, kind,
       CASE WHEN kind = 'adjustment' THEN 'bench records'
            ELSE 'round:' || $2::text || ':bench-' || member_id || '-' || i END,
       key, repeat('0', 64), at
     FROM bench_record_events ORDER BY seq`,
    [fixture.merchantId, VENDOR],
  );
  await writeEntries(
    db,
    `moves AS (
       SELECT t.id AS transfer_id, s.side, s.account_id, s.amount_minor
       FROM bench_record_events ev
       JOIN ledger_transfers t ON t.merchant_id = $1 AND t.idempotency_key = ev.key,
       LATERAL (VALUES
         (0, ev.account_id, ev.amount),
         (1, CASE WHEN ev.kind = 'adjustment' THEN $3::bigint ELSE $2::bigint END, -ev.amount))
         AS s (side, account_id, amount_minor)
     )`,
    [fixture.merchantId, fixture.gameAccountId, fixture.adjustmentAccountId],
  );
  // Rounds as the vendor wallet leaves them once settled. The row trigger that adds a settled
  // round's win to winnings_totals (migration 020) and the member key's check would run once a
  // row; replication mode skips both, and the totals get the same sums in one statement.
  await db.transaction(async (tx) => {
    await tx.exec('SET LOCAL session_replication_role = replica');
    await tx.query(
      `INSERT INTO vendor_rounds (merchant_id, vendor_code, round_id, member_id, game_code,
         wallet, play_money, status, debit_minor, credit_minor, rollback_minor, opened_at,
         updated_at, closed_at)
       SELECT $1, $2, 'bench-' || member_id || '-' || i, member_id,
         ($3::text[])[1 + i % cardinality($3::text[])], 'main', false, 'settled', -amount,
         CASE WHEN i % 3 = 0 THEN -2 * amount ELSE 0 END, 0, at, at + interval '1 second',
         at + interval '1 second'
       FROM bench_record_events WHERE kind = 'bet' ORDER BY seq`,
      [fixture.merchantId, VENDOR, fixture.gameCodes],
    );
    await tx.query(
      `INSERT INTO winnings_totals AS w (merchant_id, shard, paid_minor)
       SELECT $1, (member_id % 8)::smallint, sum(CASE WHEN i % 3 = 0 THEN -2 * amount ELSE 0 END)
       FROM bench_record_events WHERE kind = 'bet' GROUP BY member_id % 8
       ON CONFLICT (merchant_id, shard) DO UPDATE SET paid_minor = w.paid_minor + EXCLUDED.paid_minor`,
      [fixture.merchantId],
    );
  });
  const { entries } = await db.one<{ entries: string }>(
    'SELECT count(*)::text AS entries FROM bench_record_events',
  );
  await db.exec('DROP TABLE bench_record_events');
  return Number(entries);
};

/** The ledger still adds up: no unbalanced transfer, every balance its entries' sum. */
const checkLedger = async (db: Db, members: Member[]) => {
  const bad = await db.one<{ unbalanced: number; off: number; negative: number }>(
    `SELECT
       (SELECT count(*)::int FROM (SELECT 1 FROM ledger_entries GROUP BY transfer_id
          HAVING sum(amount_minor) <> 0) u) AS unbalanced,
       (SELECT count(*)::int FROM ledger_accounts a
          WHERE a.id = ANY ($1::bigint[]) AND a.balance_minor <> (SELECT coalesce(sum(amount_minor), 0)
            FROM ledger_entries e WHERE e.account_id = a.id)) AS off,
       (SELECT count(*)::int FROM ledger_entries e
          WHERE e.account_id = ANY ($1::bigint[]) AND e.balance_after_minor < 0) AS negative`,
    [members.map((m) => m.accountId)],
  );
  if (bad.unbalanced + bad.off + bad.negative > 0)
    throw new Error(`the records bench ledger does not add up: ${JSON.stringify(bad)}`);
};

type Timing = { p50: number; p99: number; n: number; errors: number };

const percentile = (sorted: number[], q: number) =>
  sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? 0;

/** Sequential requests after a warm-up: p50 and p99 of the timed ones (ms). */
const timeReads = async (url: string, token: string): Promise<Timing> => {
  const headers = { host: HOST, authorization: `Bearer ${token}` };
  let errors = 0;
  const once = async () => {
    const startedAt = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (!response.ok) errors += 1;
    return performance.now() - startedAt;
  };
  const warmUntil = performance.now() + FIGURE_SECONDS * 1000;
  for (let done = 0; done < WARM_UP && performance.now() < warmUntil; done += 1) await once();
  errors = 0;
  const times: number[] = [];
  const until = performance.now() + FIGURE_SECONDS * 1000;
  while (times.length < REQUESTS && (times.length < 5 || performance.now() < until))
    times.push(await once());
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99), n: times.length, errors };
};

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const totalPagesAt = async (url: string, token: string): Promise<number> => {
  const response = await fetch(url, { headers: { host: HOST, authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return ((await response.json()) as { value: { totalPages: number } }).value.totalPages;
};

type Reads = { labels: string[]; urls: string[]; deepPages: [number, number] };

const LABELS = [
  'account page 1',
  'account deep page',
  'account types=bet',
  'account 30 days',
  'betting page 1',
  'betting deep page',
];

/** The six reads of one member; the deep page is page 500, or the last when there are fewer. */
const readsOf = async (baseUrl: string, token: string): Promise<Reads> => {
  const account = `${baseUrl}/wps/member/records/account?pageSize=${PAGE_SIZE}`;
  const betting = `${baseUrl}/wps/member/records/betting?pageSize=${PAGE_SIZE}`;
  const now = Date.now();
  const deep = (pages: number) => Math.max(1, Math.min(DEEP_PAGE, pages));
  const accountDeep = deep(await totalPagesAt(`${account}&pageNo=1`, token));
  const bettingDeep = deep(await totalPagesAt(`${betting}&pageNo=1`, token));
  return {
    labels: LABELS,
    urls: [
      `${account}&pageNo=1`,
      `${account}&pageNo=${accountDeep}`,
      `${account}&pageNo=1&types=bet`,
      `${account}&pageNo=1&from=${dayOf(now - 29 * 86_400_000)}&to=${dayOf(now)}`,
      `${betting}&pageNo=1`,
      `${betting}&pageNo=${bettingDeep}`,
    ],
    deepPages: [accountDeep, bettingDeep],
  };
};

const measureAll = async (reads: Reads, token: string) => {
  const timings: Timing[] = [];
  for (const url of reads.urls) timings.push(await timeReads(url, token));
  return timings;
};

const P99_GOAL_MS = 20;

const printPair = (
  label: string,
  value: Timing,
  peerLabel: string,
  peer: Timing,
  goal: (which: 'p50' | 'p99') => string,
) => {
  for (const which of ['p50', 'p99'] as const)
    line(
      `${label} ${which} (ms)`,
      value[which].toFixed(1),
      peerLabel,
      peer[which].toFixed(1),
      ratio(value[which], peer[which]),
      goal(which),
    );
};

const goalOf =
  (big: Timing, small: Timing) =>
  (which: 'p50' | 'p99'): string =>
    which === 'p50'
      ? '<= 1.50'
      : `<= 1.50; p99 <= ${P99_GOAL_MS} ms: ${big.p99 <= P99_GOAL_MS && small.p99 <= P99_GOAL_MS ? 'met' : 'missed'}`;

const counts = (timings: Timing[]) =>
  timings.map((t) => `${t.n}${t.errors > 0 ? ` (${t.errors} errors)` : ''}`).join(', ');

/**
 * The member's records at any history size (issue 30): the account record (page 1, page 500,
 * `types=bet`, the last 30 days) and the betting record (page 1, page 500) of a member of
 * 1,000,000 rounds beside the same reads of a member of 10,000, sequential warm requests on the
 * real server over PostgreSQL; then the same reads again once other members of 5,000 rounds
 * each are in the ledger (up to 1,000, as many as `BENCH_RECORDS_BUILD_SECONDS` writes). Goals:
 * at most 1.5x, every p99 at most 20 ms.
 */
export const recordsSection = async (
  repoRoot: string,
  postgres: BenchPostgres | { unavailable: string },
) => {
  console.log(
    `\nRecords: a member of ${BIG_ROUNDS.toLocaleString('en')} rounds (big) beside one of ${SMALL_ROUNDS.toLocaleString('en')} (small), sequential warm requests, p50 and p99 (PostgreSQL)`,
  );
  if ('unavailable' in postgres) {
    skipped(LABEL, postgres.unavailable);
    return;
  }
  const db = await openDb({ kind: 'postgres', url: postgres.url });
  const dataDir = mkdtempSync(join(tmpdir(), 'lanna-bench-'));
  let lanna: Awaited<ReturnType<typeof startLanna>> | null = null;
  try {
    await migrate(db);
    await seed(db);
    const fixture = await prepareFixture(db);
    const [small, big] = await createMembers(db, fixture.merchantId, [
      'bench_records_small',
      'bench_records_big',
    ]);
    if (!small || !big) throw new Error('the records bench members were not created');
    let startedAt = performance.now();
    const smallEntries = await appendHistory(db, fixture, [small], SMALL_ROUNDS);
    const bigEntries = await appendHistory(db, fixture, [big], BIG_ROUNDS);
    await checkLedger(db, [small, big]);
    await settleBenchDatabase(postgres.url);
    const buildMs = performance.now() - startedAt;

    // The scheduled reconciliation's first run reads the whole ledger (a figure of its own, in
    // the reconciliation section): off here, so that it does not share the CPU with the reads.
    lanna = await startLanna(repoRoot, dataDir, {
      databaseUrl: postgres.url,
      env: { RECONCILE_INTERVAL_MINUTES: '0' },
    });
    const smallToken = await loginOverHttp(lanna.baseUrl, HOST, small.username, PASSWORD);
    const bigToken = await loginOverHttp(lanna.baseUrl, HOST, big.username, PASSWORD);
    const smallReads = await readsOf(lanna.baseUrl, smallToken);
    const bigReads = await readsOf(lanna.baseUrl, bigToken);
    const smallTimes = await measureAll(smallReads, smallToken);
    const bigTimes = await measureAll(bigReads, bigToken);
    const peerLabel = `${SMALL_ROUNDS.toLocaleString('en')}-round member`;
    bigTimes.forEach((bigTime, index) => {
      const smallTime = smallTimes[index];
      if (smallTime)
        printPair(LABELS[index] ?? '', bigTime, peerLabel, smallTime, goalOf(bigTime, smallTime));
    });
    detail(
      `the big member: ${BIG_ROUNDS.toLocaleString('en')} rounds, ${bigEntries.toLocaleString('en')} entries on its wallet; ` +
        `the small member: ${SMALL_ROUNDS.toLocaleString('en')} rounds, ${smallEntries.toLocaleString('en')} entries; ` +
        `pages of ${PAGE_SIZE}, deep pages ${bigReads.deepPages.join(' and ')} (account, betting; ${smallReads.deepPages.join(' and ')} for the small member); ` +
        `built, checked and vacuumed in ${(buildMs / 1000).toFixed(1)} s`,
    );
    detail(
      `requests timed (at most ${REQUESTS} after ${WARM_UP} warm-up, ${FIGURE_SECONDS} s a figure): ` +
        `big ${counts(bigTimes)}; small ${counts(smallTimes)}`,
    );

    // Other members' history in the same ledger, in chunks until the budget is spent.
    startedAt = performance.now();
    let others = 0;
    let otherEntries = 0;
    while (others < OTHER_MEMBERS && performance.now() - startedAt < OTHERS_BUDGET_MS) {
      const names = Array.from(
        { length: Math.min(OTHERS_CHUNK, OTHER_MEMBERS - others) },
        (_, index) => `bench_records_other_${others + index + 1}`,
      );
      const members = await createMembers(db, fixture.merchantId, names);
      otherEntries += await appendHistory(db, fixture, members, OTHER_ROUNDS);
      others += members.length;
    }
    const othersWrittenMs = performance.now() - startedAt;
    await settleBenchDatabase(postgres.url);
    const othersMs = performance.now() - startedAt;
    const { ledger } = await db.one<{ ledger: string }>(
      'SELECT count(*)::text AS ledger FROM ledger_entries',
    );
    const smallAfter = await measureAll(smallReads, smallToken);
    const bigAfter = await measureAll(bigReads, bigToken);
    console.log(
      `\nRecords with ${others.toLocaleString('en')} other members of ${OTHER_ROUNDS.toLocaleString('en')} rounds each in the ledger, beside the same reads before (small: ${SMALL_ROUNDS.toLocaleString('en')} rounds, big: ${BIG_ROUNDS.toLocaleString('en')})`,
    );
    const sameGoal = (after: Timing) => (which: 'p50' | 'p99') =>
      which === 'p50'
        ? '<= 1.50'
        : `<= 1.50; p99 <= ${P99_GOAL_MS} ms: ${after.p99 <= P99_GOAL_MS ? 'met' : 'missed'}`;
    for (const [index, label] of LABELS.entries()) {
      const pairs: [string, Timing | undefined, Timing | undefined][] = [
        ['small', smallAfter[index], smallTimes[index]],
        ['big', bigAfter[index], bigTimes[index]],
      ];
      for (const [who, value, before] of pairs)
        if (value && before)
          printPair(`${who}, ${label}`, value, 'before, same member', before, sameGoal(value));
    }
    detail(
      `${others.toLocaleString('en')} of ${OTHER_MEMBERS.toLocaleString('en')} other members written (${otherEntries.toLocaleString('en')} entries on their wallets) in ` +
        `${(othersWrittenMs / 1000).toFixed(1)} s, vacuumed by ${(othersMs / 1000).toFixed(1)} s; ledger_entries now ${Number(ledger).toLocaleString('en')} rows`,
    );
    detail(`requests timed: small ${counts(smallAfter)}; big ${counts(bigAfter)}`);
  } finally {
    if (lanna) await stopProcess(lanna.child);
    rmSync(dataDir, { recursive: true, force: true });
    await db.close();
  }
};
