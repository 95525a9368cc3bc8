import { closeSync, fdatasyncSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runToEnd } from '@lanna/server/testing';
import { compareWithPgbench, type BenchPostgres } from './bench-postgres.ts';
import type { LedgerLoadResult } from './ledger-workload.ts';
import { compareRates, detail, skipped } from './report.ts';

export const LEDGER_CALLERS = 32;
const MEMBERS = 10_000;

/** One ledger run in a process of its own (bench/src/ledger-load.ts) on one database. */
const ledgerRun = async (
  repoRoot: string,
  target: { BENCH_DATABASE_URL: string } | { BENCH_PGLITE_DIR: string },
  seconds: number,
): Promise<LedgerLoadResult> =>
  JSON.parse(
    await runToEnd(
      [join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), 'bench/src/ledger-load.ts'],
      repoRoot,
      {
        ...target,
        BENCH_SECONDS: String(seconds),
        BENCH_CALLERS: String(LEDGER_CALLERS),
        BENCH_MEMBERS: String(MEMBERS),
      },
    ),
  ) as LedgerLoadResult;

const describeRun = (result: LedgerLoadResult) => {
  detail(
    `one transaction each: accepted ${result.oneEach.accepted}, refused ${result.oneEach.refused}, ` +
      `latency p50 ${result.oneEach.p50Ms.toFixed(1)} ms p99 ${result.oneEach.p99Ms.toFixed(1)} ms ` +
      `(the same database client the batcher posts through)`,
  );
  detail(
    `batcher: accepted ${result.accepted}, refused ${result.refused} (insufficient balance), ` +
      `${result.batches} batches of ${result.meanBatch.toFixed(1)} on average, ` +
      `latency p50 ${result.p50Ms.toFixed(1)} ms p99 ${result.p99Ms.toFixed(1)} ms, ` +
      `invariants ${result.invariantsOk ? 'hold' : 'BROKEN'}`,
  );
  detail(
    `one caller posting batches of ${LEDGER_CALLERS} back to back: ${result.backToBackPerSecond.toFixed(0)} ` +
      `transfers/s (${LEDGER_CALLERS} callers that each wait for their answer make the same chain of whole batches)`,
  );
};

/**
 * What one durable commit costs this disk at the least: an 8 kB write and fdatasync, the
 * median of 50 (PostgreSQL's wal_sync_method on Linux). Callers that each wait for their own
 * commit cannot together go faster than callers / this, however well they are batched.
 */
const fdatasyncMs = (dir: string): number => {
  const file = openSync(join(dir, 'fdatasync-probe'), 'w');
  const page = Buffer.alloc(8192, 1);
  const times: number[] = [];
  try {
    for (let round = 0; round < 50; round += 1) {
      const started = performance.now();
      writeSync(file, page, 0, page.length, 0);
      fdatasyncSync(file);
      times.push(performance.now() - started);
    }
  } finally {
    closeSync(file);
  }
  return times.sort((a, b) => a - b)[times.length >> 1] ?? 0;
};

/** Beside its peer posting the same transfers one database transaction each. */
const compareWithOneEach = (label: string, result: LedgerLoadResult, goal: string) =>
  compareRates(
    label,
    result.transfersPerSecond,
    'one transaction each',
    result.oneEach.transfersPerSecond,
    goal,
  );

/**
 * Durable ledger transfers per second through the batcher on PostgreSQL against pgbench's
 * simple-update TPS with the same client count and against the same transfers posted one
 * database transaction each; then the same on PGlite.
 */
export const ledgerSection = async (
  repoRoot: string,
  postgres: BenchPostgres | { unavailable: string },
  seconds: number,
) => {
  console.log(
    `\nLedger transfers through the batcher: ${LEDGER_CALLERS} callers, ${MEMBERS.toLocaleString('en')} members ` +
      `(Zipf), one hot house account, durable commits (${seconds} s)`,
  );
  const dir = mkdtempSync(join(tmpdir(), 'lanna-bench-ledger-'));
  try {
    const syncMs = fdatasyncMs(dir);
    detail(
      `this disk: 8 kB write + fdatasync ${syncMs.toFixed(2)} ms (median), so ${LEDGER_CALLERS} callers ` +
        `waiting for durable commits reach at most ${((LEDGER_CALLERS * 1000) / syncMs).toFixed(0)} transfers/s`,
    );
    let onPostgres: LedgerLoadResult | null = null;
    if ('unavailable' in postgres) {
      skipped('PostgreSQL transfers/s', postgres.unavailable);
    } else {
      detail(postgres.description);
      onPostgres = await ledgerRun(repoRoot, { BENCH_DATABASE_URL: postgres.url }, seconds);
      const peer = await compareWithPgbench(
        postgres,
        { mode: 'simple-update', clients: LEDGER_CALLERS, seconds },
        'PostgreSQL transfers/s',
        onPostgres.transfersPerSecond,
        '>= 2.00',
      );
      compareWithOneEach('PostgreSQL transfers/s', onPostgres, '>= 4.00');
      describeRun(onPostgres);
      if (peer) detail(`the goal, 2x pgbench: ${(2 * peer).toFixed(0)} transfers/s`);
    }
    const embedded = await ledgerRun(repoRoot, { BENCH_PGLITE_DIR: join(dir, 'pglite') }, seconds);
    compareRates(
      'PGlite transfers/s',
      embedded.transfersPerSecond,
      'PostgreSQL transfers/s',
      onPostgres?.transfersPerSecond ?? null,
      onPostgres ? 'information' : 'information: no PostgreSQL to compare',
    );
    compareWithOneEach('PGlite transfers/s', embedded, 'information');
    describeRun(embedded);
    detail(
      'PGlite answers fdatasync without syncing (its Node file system has none): its commits ' +
        'survive a killed process, not a power cut',
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
