// API tests run on the embedded database always, and again on PostgreSQL when
// TEST_DATABASE_URL names a server (architecture.md, Tests): the same SQL must hold on both.
import { spawnSync } from 'node:child_process';

const vitest = 'node_modules/vitest/vitest.mjs';
const postgresUrl = process.env.TEST_DATABASE_URL ?? '';

const run = (label: string, env: Record<string, string>) => {
  console.log(`\napi tests on ${label}`);
  const result = spawnSync(process.execPath, [vitest, 'run', '--project', 'server'], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run('PGlite (embedded)', { TEST_DATABASE_URL: '' });
if (postgresUrl) run(`PostgreSQL (${postgresUrl})`, { TEST_DATABASE_URL: postgresUrl });
else console.log('TEST_DATABASE_URL is not set: PostgreSQL pass skipped');
