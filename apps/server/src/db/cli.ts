import { loadEnv } from '../config/env.ts';
import { dbTargetFromEnv, openDb } from './client.ts';
import { dropEverything, migrate } from './migrate.ts';
import { ensureVendorCredentials, vendorWalletConfigOf } from '../modules/vendor-wallet/index.ts';
import { seed } from './seed/index.ts';

const COMMANDS = ['migrate', 'seed', 'reset'] as const;
type Command = (typeof COMMANDS)[number];

const isCommand = (value: string | undefined): value is Command =>
  COMMANDS.some((command) => command === value);

const log = (line: string) => process.stdout.write(`${line}\n`);

/**
 * Database chores, for PGlite (DATA_DIR) and PostgreSQL (DATABASE_URL) alike:
 * `migrate` applies pending migrations, `seed` writes the demo data (idempotent), `reset`
 * drops everything then migrates and seeds.
 */
const run = async (command: Command): Promise<void> => {
  const env = loadEnv();
  const db = await openDb(dbTargetFromEnv(env));
  try {
    log(
      env.DATABASE_URL
        ? 'database: PostgreSQL (DATABASE_URL)'
        : `database: PGlite in ${env.DATA_DIR}`,
    );
    if (command === 'reset') {
      await dropEverything(db);
      log('reset: dropped every table');
    }
    const applied = await migrate(db);
    log(`migrate: ${applied.map((m) => `${m.version}-${m.name}`).join(', ') || 'up to date'}`);
    if (command !== 'migrate') {
      await seed(db, log);
      const { created, rotated } = await ensureVendorCredentials(
        db,
        vendorWalletConfigOf(env),
        new Date(),
      );
      log(`vendor credentials: ${created} created, ${rotated} rotated`);
    }
  } finally {
    await db.close();
  }
};

const command = process.argv[2];
if (!isCommand(command)) {
  process.stderr.write(`usage: tsx apps/server/src/db/cli.ts <${COMMANDS.join('|')}>\n`);
  process.exit(2);
}
await run(command);
