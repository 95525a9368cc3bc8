import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, openDb, seed, settleMerchant, stopProcess, type Db } from '@lanna/server/testing';
import { settleBenchDatabase, type BenchPostgres } from './bench-postgres.ts';
import { startLanna } from './lanna-server.ts';
import { loginOverHttp } from './member-login.ts';
import { detail, figure, line, ratio, skipped } from './report.ts';

const HOST = 'lanna.localhost';
const PASSWORD = 'Demo@12345';
// BENCH_AGENTS_SCALE (default 1) divides the sizes, for a quick try of the section.
const SCALE = Math.max(1, Number(process.env.BENCH_AGENTS_SCALE ?? 1));
const MEMBERS = Math.round(100_000 / SCALE);
const ROUNDS = Math.round(5_000_000 / SCALE);
// Levels 1 to 4 are agents (10, 100, 1,000, 10,000); level 5 holds the players.
const FAN_OUT = [10, 100, 1_000, 10_000].map((n) => Math.max(1, Math.round(n / SCALE)));
const WINDOW_ROUNDS = Math.round(20_000 / SCALE);
const WARM_UP = 10;
const REQUESTS = 100;
const PEER_RUNS = 3;
const LABEL = 'agents';

const ms = (value: number) => `${value.toFixed(1)} ms`;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/** The tree: a root agent signing in with the demo password, agent levels, then players. */
const buildTree = async (db: Db, merchantId: number) => {
  const root = await db.one<{ id: string }>(
    `INSERT INTO members (merchant_id, username, password_hash, type, nickname)
     SELECT $1, 'bench_agents_root', password_hash, 1, 'root' FROM members
     WHERE merchant_id = $1 AND username = 'demo_agent' RETURNING id::text`,
    [merchantId],
  );
  let above = [root.id];
  const levels: string[][] = [];
  for (const [index, count] of [
    ...FAN_OUT,
    MEMBERS - FAN_OUT.reduce((a, b) => a + b, 1),
  ].entries()) {
    const rows = await db.query<{ id: string }>(
      `INSERT INTO members (merchant_id, username, password_hash, type, nickname, upline_id)
       SELECT $1, 'bench_l' || $2::text || '_' || i, '!', $3, '', ($4::bigint[])[1 + i % cardinality($4::bigint[])]
       FROM generate_series(1, $5::int) AS i RETURNING id::text`,
      [merchantId, index + 1, index < FAN_OUT.length ? 1 : 0, above, count],
    );
    above = rows.map((row) => row.id);
    levels.push(above);
  }
  await db.query(
    `WITH RECURSIVE up AS (
       SELECT id AS descendant_id, id AS ancestor_id, 0 AS depth, upline_id FROM members
       WHERE merchant_id = $1 AND (username LIKE 'bench_l%' OR username = 'bench_agents_root')
       UNION ALL
       SELECT up.descendant_id, m.id, up.depth + 1, m.upline_id FROM up JOIN members m ON m.id = up.upline_id
     )
     INSERT INTO agent_hierarchy (merchant_id, ancestor_id, descendant_id, depth)
     SELECT $1, ancestor_id, descendant_id, depth FROM up WHERE depth > 0`,
    [merchantId],
  );
  await db.query(
    `INSERT INTO agent_hierarchy (merchant_id, ancestor_id, descendant_id, depth)
     SELECT $1, id, id, 0 FROM members
     WHERE merchant_id = $1 AND (username LIKE 'bench_l%' OR username = 'bench_agents_root')`,
    [merchantId],
  );
  return { rootId: root.id, agents: levels[3] ?? [], players: levels[4] ?? [] };
};

/**
 * Settled rounds of the players, as the vendor wallet leaves them, spread over the last 30
 * days (and `window` of them in the last five minutes), with their day and slot totals filled
 * in one statement each rather than a trigger a row.
 */
const writeRounds = async (
  db: Db,
  merchantId: number,
  players: string[],
  count: number,
  window: { start: Date; end: Date } | null,
) => {
  await db.transaction(async (tx) => {
    await tx.exec('SET LOCAL session_replication_role = replica');
    await tx.query(
      `INSERT INTO vendor_rounds (merchant_id, vendor_code, round_id, member_id, game_code, wallet,
         play_money, status, debit_minor, credit_minor, rollback_minor, opened_at, updated_at, closed_at)
       SELECT $1, 'HOUSE', 'bench-agents-' || $5::text || '-' || i,
         ($2::bigint[])[1 + ((i::bigint * 7919) % cardinality($2::bigint[]))::int], 'lanna-slot', 'main', false,
         'settled', 100 + i % 900, CASE WHEN i % 3 = 0 THEN 2 * (100 + i % 900) ELSE 0 END, 0, at, at, at
       FROM generate_series(1, $3::int) AS i,
         LATERAL (SELECT CASE WHEN $4::timestamptz IS NULL
           THEN now() - interval '30 days' * (i::float8 / $3::int)
           ELSE $4::timestamptz + interval '299 seconds' * (i::float8 / $3::int) END AS at) t`,
      [merchantId, players, count, window?.start ?? null, window ? 'window' : 'history'],
    );
  });
};

const fillTotals = async (db: Db, merchantId: number) => {
  await db.query('SELECT refill_member_round_days($1)', [merchantId]);
  await db.query('DELETE FROM member_round_slots WHERE merchant_id = $1', [merchantId]);
  await db.query(
    `INSERT INTO member_round_slots (merchant_id, member_id, slot, rounds, valid_bet_minor, profit_minor)
     SELECT merchant_id, member_id,
       date_bin(interval '5 minutes', closed_at, timestamptz '2000-01-01 00:00:00+00'), count(*),
       sum(debit_minor - rollback_minor), sum(credit_minor - debit_minor + rollback_minor)
     FROM vendor_rounds WHERE merchant_id = $1 AND status = 'settled' AND NOT play_money
     GROUP BY 1, 2, 3`,
    [merchantId],
  );
};

/** The same figures as the team overview, from the raw tables: the tree walked, rounds read. */
const RECURSIVE_PEER = `
  WITH RECURSIVE team AS (
    SELECT id FROM members WHERE upline_id = $1
    UNION ALL SELECT m.id FROM members m JOIN team t ON m.upline_id = t.id
  )
  SELECT (SELECT count(*) FROM team) AS members,
    (SELECT count(*) FROM members WHERE upline_id = $1) AS direct,
    coalesce(sum(r.debit_minor - r.rollback_minor), 0) AS valid_bet,
    coalesce(sum(r.credit_minor - r.debit_minor + r.rollback_minor), 0) AS profit,
    count(DISTINCT r.member_id) AS active
  FROM vendor_rounds r
  WHERE r.member_id IN (SELECT id FROM team) AND r.status = 'settled' AND NOT r.play_money
    AND r.opened_at >= $2 AND r.opened_at < $3`;

export const agentsSection = async (
  repoRoot: string,
  postgres: BenchPostgres | { unavailable: string },
) => {
  console.log(
    `\nAgents: a tree of ${MEMBERS.toLocaleString('en')} members over 6 levels with ${ROUNDS.toLocaleString('en')} rounds; the root's team overview (7 days), and one real-time salary run for ${(FAN_OUT[3] ?? 0).toLocaleString('en')} agents (PostgreSQL)`,
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
    const { merchant_id: merchantId } = await db.one<{ merchant_id: number }>(
      'SELECT merchant_id FROM merchant_domains WHERE domain = $1',
      [HOST],
    );
    const startedAt = performance.now();
    const tree = await buildTree(db, merchantId);
    await writeRounds(db, merchantId, tree.players, ROUNDS, null);
    await fillTotals(db, merchantId);
    await settleBenchDatabase(postgres.url);
    const buildMs = performance.now() - startedAt;

    lanna = await startLanna(repoRoot, dataDir, {
      databaseUrl: postgres.url,
      env: { RECONCILE_INTERVAL_MINUTES: '0' },
    });
    const token = await loginOverHttp(lanna.baseUrl, HOST, 'bench_agents_root', PASSWORD);
    const url = `${lanna.baseUrl}/wps/agent/team/overview`;
    const times: number[] = [];
    for (let index = 0; index < WARM_UP + REQUESTS; index += 1) {
      const started = performance.now();
      const response = await fetch(url, {
        headers: { host: HOST, authorization: `Bearer ${token}` },
      });
      if (!response.ok) throw new Error(`team overview answered ${response.status}`);
      await response.arrayBuffer();
      if (index >= WARM_UP) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const to = new Date();
    const from = new Date(to.getTime() - 7 * 86_400_000);
    const peerTimes: number[] = [];
    for (let index = 0; index < PEER_RUNS; index += 1) {
      const started = performance.now();
      await db.query(RECURSIVE_PEER, [tree.rootId, from, to]);
      peerTimes.push(performance.now() - started);
    }
    peerTimes.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    const p99 = percentile(times, 99);
    const peer = percentile(peerTimes, 50);
    line(
      'team overview, root, p50',
      ms(p50),
      'recursive CTE, raw tables',
      ms(peer),
      ratio(peer, p50),
      `>= 20x faster; p99 ${ms(p99)} <= 50 ms: ${p99 <= 50 ? 'met' : 'missed'}`,
    );
    detail(
      `overview over HTTP (${REQUESTS} sequential warm requests); the peer in-process, median of ${PEER_RUNS}; ` +
        `${tree.agents.length.toLocaleString('en')} level-4 agents, ${tree.players.length.toLocaleString('en')} players; built in ${(buildMs / 1000).toFixed(1)} s`,
    );

    // The server's own settlement job must not take the run the bench times: stopped, and the
    // empty windows it already ran (there were no contracts yet) forgotten.
    await stopProcess(lanna.child);
    lanna = null;
    await db.query('DELETE FROM agent_settlement_runs WHERE merchant_id = $1', [merchantId]);

    // The latest five minutes: the level-4 agents' contracts from the house, rounds in them.
    const now = new Date();
    const windowEnd = new Date(Math.floor((now.getTime() - 31_000) / 300_000) * 300_000);
    const window = { start: new Date(windowEnd.getTime() - 300_000), end: windowEnd };
    await db.query(
      `INSERT INTO agent_contracts (merchant_id, kind, upline_id, downline_id, terms, top_rate_bp,
         status, offered_at, decided_at)
       SELECT $1, 'realtime_salary', NULL, id, $2::jsonb, 50, 'active', $3, $3
       FROM unnest($4::bigint[]) AS id`,
      [
        merchantId,
        JSON.stringify({
          kind: 'realtime_salary',
          basis: 'valid_bet',
          tiering: 'highest',
          tiers: [{ threshold: '0', minActiveMembers: 0, rateBp: 50 }],
          minBetMinor: '0',
        }),
        new Date(window.start.getTime() - 86_400_000),
        tree.agents,
      ],
    );
    await writeRounds(db, merchantId, tree.players, WINDOW_ROUNDS, window);
    await fillTotals(db, merchantId);
    await settleBenchDatabase(postgres.url);
    const runStarted = performance.now();
    await settleMerchant({ db, merchantId, now: new Date(window.end.getTime() + 31_000) });
    const runMs = performance.now() - runStarted;
    const { paid, payouts, runs } = await db.one<{ paid: number; payouts: number; runs: string }>(
      `SELECT count(*) FILTER (WHERE amount_minor > 0)::int AS paid, count(*)::int AS payouts,
         (SELECT string_agg(kind || ' ' || period_start || ' ' || status, '; ')
          FROM agent_settlement_runs WHERE kind = 'realtime_salary') AS runs
       FROM agent_payouts WHERE kind = 'realtime_salary'`,
    );
    figure(
      `real-time salary run, ${tree.agents.length.toLocaleString('en')} agents`,
      `${(runMs / 1000).toFixed(1)} s`,
      `<= 5% of 5 min: ${((runMs / 300_000) * 100).toFixed(1)}%, ${runMs <= 15_000 ? 'met' : 'missed'}`,
    );
    detail(
      `${tree.agents.length.toLocaleString('en')} contracts in force, ${payouts.toLocaleString('en')} payouts (${paid.toLocaleString('en')} above zero) for ${WINDOW_ROUNDS.toLocaleString('en')} rounds in the window ${window.start.toISOString()}; runs: ${runs}; fifty payouts a transaction, in-process`,
    );
  } finally {
    if (lanna) await stopProcess(lanna.child);
    rmSync(dataDir, { recursive: true, force: true });
    await db.close();
  }
};
