// API tests run on the embedded database always, and again on PostgreSQL when
// TEST_DATABASE_URL names a server (architecture.md, Tests): the same SQL must hold on both.
// Test files that cannot reach a database (engine-independent.ts) run on the first pass only.
import { spawnSync } from 'node:child_process';
import { engineIndependentTests } from './engine-independent.ts';

const vitest = 'node_modules/vitest/vitest.mjs';
const postgresUrl = process.env.TEST_DATABASE_URL ?? '';

const run = (label: string, env: Record<string, string>, exclude: string[] = []) => {
  console.log(`\napi tests on ${label}`);
  const excluded = exclude.flatMap((file) => ['--exclude', file]);
  const result = spawnSync(process.execPath, [vitest, 'run', '--project', 'server', ...excluded], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run('PGlite (embedded)', { TEST_DATABASE_URL: '' });
if (postgresUrl) {
  // What cannot reach a database proves the same on both engines: once is enough.
  const once = engineIndependentTests();
  console.log(`\n${once.length} engine-independent test files ran on PGlite only`);
  run(`PostgreSQL (${postgresUrl})`, { TEST_DATABASE_URL: postgresUrl }, once);
} else console.log('TEST_DATABASE_URL is not set: PostgreSQL pass skipped');
