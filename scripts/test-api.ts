// API tests run on the embedded database always, and again on PostgreSQL when
// TEST_DATABASE_URL names a server (architecture.md, Tests): the same SQL must hold on both.
// Test files that cannot reach a database (engine-independent.ts) run on the first pass only.
// The two passes run at the same time: vitest gives each one worker on this two-core machine,
// and each file opens its own database, so they share nothing but the machine's Redis, which
// the tests that use it key by run.
import { spawn } from 'node:child_process';
import { engineIndependentTests } from './engine-independent.ts';

const vitest = 'node_modules/vitest/vitest.mjs';
const postgresUrl = process.env.TEST_DATABASE_URL ?? '';

type Pass = { label: string; env: Record<string, string>; exclude?: string[] };

/** Runs one pass with its output held back, then prints it whole, so two passes never interleave. */
const run = ({ label, env, exclude = [] }: Pass): Promise<number> =>
  new Promise((resolve) => {
    const excluded = exclude.flatMap((file) => ['--exclude', file]);
    const child = spawn(process.execPath, [vitest, 'run', '--project', 'server', ...excluded], {
      env: { ...process.env, ...env },
    });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code) => {
      process.stdout.write(`\napi tests on ${label}\n${Buffer.concat(output).toString()}`);
      resolve(code ?? 1);
    });
  });

const passes: Pass[] = [{ label: 'PGlite (embedded)', env: { TEST_DATABASE_URL: '' } }];
if (postgresUrl) {
  // What cannot reach a database proves the same on both engines: once is enough.
  const once = engineIndependentTests();
  console.log(`${once.length} engine-independent test files run on PGlite only`);
  passes.push({
    label: `PostgreSQL (${postgresUrl})`,
    env: { TEST_DATABASE_URL: postgresUrl },
    exclude: once,
  });
} else console.log('TEST_DATABASE_URL is not set: PostgreSQL pass skipped');

const codes = await Promise.all(passes.map(run));
process.exit(codes.find((code) => code !== 0) ?? 0);
