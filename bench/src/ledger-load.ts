// One ledger bench run in a process of its own: BENCH_DATABASE_URL names a PostgreSQL database
// (created and dropped by the caller), or BENCH_PGLITE_DIR a fresh PGlite directory. Prints
// the result as JSON on stdout.
import { migrate, openDb, seed, type DbTarget } from '@lanna/server/testing';
import { prepareLedgerFixture, runLedgerLoad } from './ledger-workload.ts';

const target: DbTarget = process.env.BENCH_DATABASE_URL
  ? { kind: 'postgres', url: process.env.BENCH_DATABASE_URL }
  : { kind: 'pglite', dataDir: process.env.BENCH_PGLITE_DIR ?? null };
const db = await openDb(target);
try {
  await migrate(db);
  await seed(db);
  const fixture = await prepareLedgerFixture(db, Number(process.env.BENCH_MEMBERS ?? 10_000));
  const result = await runLedgerLoad(db, fixture, {
    callers: Number(process.env.BENCH_CALLERS ?? 32),
    seconds: Number(process.env.BENCH_SECONDS ?? 8),
    warmupSeconds: Number(process.env.BENCH_WARMUP_SECONDS ?? 2),
    runId: String(Date.now()),
  });
  process.stdout.write(JSON.stringify(result));
} finally {
  await db.close();
}
