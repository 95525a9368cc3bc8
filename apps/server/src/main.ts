import { buildApp } from './app.ts';
import { EnvError, loadEnv, type Env } from './config/env.ts';
import { dbTargetFromEnv, openDb, type Db } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { isEmpty, seed } from './db/seed/index.ts';

const SHUTDOWN_GRACE_MS = 10_000;

const readEnv = (): Env => {
  try {
    return loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
};

const prepareDb = async (env: Env, log: (line: string) => void): Promise<Db> => {
  const db = await openDb(dbTargetFromEnv(env));
  log(
    env.DATABASE_URL
      ? 'database: PostgreSQL (DATABASE_URL)'
      : `database: PGlite in ${env.DATA_DIR}`,
  );
  const applied = await migrate(db);
  log(`migrations applied: ${applied.map((m) => `${m.version}-${m.name}`).join(', ') || 'none'}`);
  if (env.SEED_ON_START && (await isEmpty(db))) await seed(db, log);
  return db;
};

/** Starts Lanna: config, database (migrated, seeded when new), HTTP; stops cleanly on a signal. */
const main = async (): Promise<void> => {
  const env = readEnv();
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const db = await prepareDb(env, log);
  const app = await buildApp({ env, db });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', (signal) => void stop(signal));
  process.on('SIGTERM', (signal) => void stop(signal));
  await app.listen({ port: env.PORT, host: env.HOST });
  const port = app.server.address();
  const shown = typeof port === 'object' && port ? port.port : env.PORT;
  log(`Lanna is listening on http://localhost:${shown} (API docs: http://localhost:${shown}/docs)`);
};

try {
  await main();
} catch (error) {
  process.stderr.write(
    `Lanna failed to start: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
}
