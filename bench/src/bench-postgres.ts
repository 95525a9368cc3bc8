import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { openDb, type Db } from '@lanna/server/testing';
import { compareRates, skipped } from './report.ts';

/**
 * The machine's PostgreSQL for the money figures: a database of the bench's own, created at
 * the start and dropped at the end, and pgbench on the same server as the peer. Durability
 * stays as the server has it (synchronous_commit on by default) for both sides.
 */
export const BENCH_SERVER_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
const BENCH_DATABASE = 'lanna_bench';
const PGBENCH = process.env.PGBENCH_PATH ?? '/usr/bin/pgbench';
// Scale at least the client count, as pgbench's documentation asks for TPC-B-like runs:
// otherwise its 32 clients queue on a handful of branch rows and the peer looks slower.
const PGBENCH_SCALE = 32;

export type PgbenchResult = { tps: number; latencyMs: number };

export type BenchPostgres = {
  /** The bench database's URL. */
  url: string;
  /** What the server is and how it commits, for the report. */
  description: string;
  /** pgbench on the bench database: TPC-B-like, or simple-update (-N); null without pgbench. */
  pgbench(
    mode: 'simple-update' | 'tpcb-like',
    clients: number,
    seconds: number,
  ): Promise<PgbenchResult | null>;
  pgbenchMissing: string | null;
  drop(): Promise<void>;
};

const withUrlPath = (serverUrl: string, database: string): string => {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
};

const run = (command: string, args: string[]) =>
  new Promise<string>((done, fail) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', fail);
    child.once('exit', (code) =>
      code === 0 ? done(output) : fail(new Error(`${command} exited with ${code}: ${output}`)),
    );
  });

const connectionArgs = (url: string): string[] => {
  const parsed = new URL(url);
  return [
    '-h',
    parsed.hostname,
    '-p',
    parsed.port || '5432',
    '-U',
    decodeURIComponent(parsed.username || 'postgres'),
  ];
};

const numberAfter = (output: string, pattern: RegExp): number => {
  const match = pattern.exec(output);
  if (!match?.[1]) throw new Error(`pgbench printed no ${pattern.source}: ${output}`);
  return Number(match[1]);
};

/** The bench database, or why there is none (no server reachable at BENCH_SERVER_URL). */
export const openBenchPostgres = async (): Promise<BenchPostgres | { unavailable: string }> => {
  let admin: Db;
  try {
    admin = await openDb({ kind: 'postgres', url: withUrlPath(BENCH_SERVER_URL, 'postgres') });
  } catch (error) {
    return {
      unavailable: `no PostgreSQL at ${BENCH_SERVER_URL} (${error instanceof Error ? error.message : String(error)})`,
    };
  }
  await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${BENCH_DATABASE}`);
  const settings = await admin.one<{ version: string; sc: string; fsync: string }>(
    `SELECT current_setting('server_version') AS version,
       current_setting('synchronous_commit') AS sc, current_setting('fsync') AS fsync`,
  );
  const url = withUrlPath(BENCH_SERVER_URL, BENCH_DATABASE);
  const pgbenchMissing = existsSync(PGBENCH) ? null : `no pgbench at ${PGBENCH}`;
  let initialised = false;
  return {
    url,
    description: `PostgreSQL ${settings.version}, synchronous_commit ${settings.sc}, fsync ${settings.fsync}`,
    pgbenchMissing,
    pgbench: async (mode, clients, seconds) => {
      if (pgbenchMissing) return null;
      if (!initialised) {
        // Server-side generation: the 3.2 million account rows never cross the socket.
        await run(PGBENCH, [
          ...connectionArgs(url),
          '-i',
          '-q',
          '-I',
          'dtGvp',
          '-s',
          String(PGBENCH_SCALE),
          BENCH_DATABASE,
        ]);
        initialised = true;
      }
      const output = await run(PGBENCH, [
        ...connectionArgs(url),
        ...(mode === 'simple-update' ? ['-N'] : []),
        '-c',
        String(clients),
        '-j',
        '2',
        '-T',
        String(seconds),
        BENCH_DATABASE,
      ]);
      return {
        tps: numberAfter(output, /tps = ([0-9.]+) \(without initial connection time\)/),
        latencyMs: numberAfter(output, /latency average = ([0-9.]+) ms/),
      };
    },
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DATABASE} WITH (FORCE)`);
      await admin.close();
    },
  };
};

const PGBENCH_LABELS = {
  'simple-update': 'pgbench simple-update TPS',
  'tpcb-like': 'pgbench TPC-B-like TPS',
} as const;

/**
 * Brings the bench database to a steady state before a measurement: statistics for the
 * planner, dead rows vacuumed and dirty pages written now, as pgbench's own initialisation
 * leaves its tables. Otherwise autovacuum and the checkpointer clean up after the section
 * before on the same two cores while the next one measures.
 */
export const settleBenchDatabase = async (url: string): Promise<void> => {
  const db = await openDb({ kind: 'postgres', url });
  try {
    await db.exec('VACUUM ANALYZE');
    await db.exec('CHECKPOINT');
  } finally {
    await db.close();
  }
};

/**
 * Runs pgbench as the peer of `value` right after it, and prints both with the ratio. Returns
 * pgbench's TPS, or null when it did not run.
 */
export const compareWithPgbench = async (
  postgres: BenchPostgres,
  run: { mode: keyof typeof PGBENCH_LABELS; clients: number; seconds: number },
  label: string,
  value: number,
  goal: string,
): Promise<number | null> => {
  const peer = await postgres.pgbench(run.mode, run.clients, run.seconds);
  if (peer) compareRates(label, value, PGBENCH_LABELS[run.mode], peer.tps, goal);
  else skipped(PGBENCH_LABELS[run.mode], postgres.pgbenchMissing ?? 'pgbench failed');
  return peer?.tps ?? null;
};
