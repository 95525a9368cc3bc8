// Only the configuration, the database client and the one-query check for a new database load
// before main runs: the database boots while the HTTP side (Fastify, the contract, every module)
// is still loading, so a start costs about the longer of the two rather than their sum.
// Everything else is imported below.
import './runtime-flags.ts';
import { EnvError, loadEnv, type Env } from './config/env.ts';
import { withLocalSecrets } from './config/local-secrets.ts';
import { createsNewCluster, dbTargetFromEnv, openDb, type Db } from './db/client.ts';
import { isEmpty } from './db/seed/is-empty.ts';

const SHUTDOWN_GRACE_MS = 10_000;

const readEnv = (): Env => {
  try {
    // Production refuses the development secrets: unset ones come from the data directory.
    const production = process.env.NODE_ENV === 'production';
    return loadEnv(production ? withLocalSecrets(process.env) : process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
};

/**
 * Every vendor a merchant offers, and the house vendor, has a credential to sign with; a
 * changed HOUSE_VENDOR_SECRET is rotated in. At every start, not only the first: the secret
 * is configuration, and merchants gain vendors.
 */
const ensureVendorCredentials = async (
  db: Db,
  env: Env,
  log: (line: string) => void,
): Promise<void> => {
  const vendorWallet = await import('./modules/vendor-wallet/index.ts');
  const { created, rotated } = await vendorWallet.ensureVendorCredentials(
    db,
    vendorWallet.vendorWalletConfigOf(env),
    new Date(),
  );
  if (created + rotated > 0) log(`vendor credentials: ${created} created, ${rotated} rotated`);
};

const prepareDb = async (env: Env, log: (line: string) => void): Promise<Db> => {
  const target = dbTargetFromEnv(env);
  // A new PGlite directory is certain to be seeded: its demo passwords are hashed, one at a
  // time on the thread pool, while PGlite creates the cluster on the main thread.
  const passwordHashes =
    env.SEED_ON_START && createsNewCluster(target)
      ? import('./db/seed/index.ts').then((module) =>
          module.hashDemoPasswords({ oneAtATime: true }),
        )
      : undefined;
  passwordHashes?.catch(() => undefined); // awaited, and any failure reported, by the seed
  const [db, { migrate }] = await Promise.all([openDb(target), import('./db/migrate.ts')]);
  log(
    env.DATABASE_URL
      ? 'database: PostgreSQL (DATABASE_URL)'
      : `database: PGlite in ${env.DATA_DIR}`,
  );
  const applied = await migrate(db);
  log(`migrations applied: ${applied.map((m) => `${m.version}-${m.name}`).join(', ') || 'none'}`);
  if (env.SEED_ON_START && (await isEmpty(db))) {
    const { seed } = await import('./db/seed/index.ts');
    await seed(db, log, passwordHashes ? { passwordHashes: await passwordHashes } : {});
  }
  await ensureVendorCredentials(db, env, log);
  return db;
};

/** Starts Lanna: config, database (migrated, seeded when new), HTTP; stops cleanly on a signal. */
const main = async (): Promise<void> => {
  const env = readEnv();
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const [db, { buildApp }] = await Promise.all([prepareDb(env, log), import('./app.ts')]);
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
