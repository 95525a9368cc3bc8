import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { REPO_ROOT } from '../config/env.ts';
import { openDb, type Db } from '../db/client.ts';
import { TEST_OPERATOR_KEY } from '../testing/index.ts';

/**
 * The real server as its own process (apps/server/src/main.ts through tsx), as production runs
 * it: its own event loop and connection pool, listening on a port, on a database of its own.
 * The load and crash tests drive it over HTTP and may kill it with SIGKILL.
 */
export type ServerProcess = {
  baseUrl: string;
  /** Everything it printed, for the failure message of a test. */
  output: () => string;
  kill: (signal: NodeJS.Signals) => Promise<void>;
};

const STARTUP_TIMEOUT_MS = 90_000;

export const startServerProcess = (
  databaseUrl: string,
  options: { port?: number } = {},
): Promise<ServerProcess> =>
  new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(
      process.execPath,
      ['--import', 'tsx', join(REPO_ROOT, 'apps/server/src/main.ts')],
      {
        cwd: REPO_ROOT,
        env: {
          PATH: process.env.PATH ?? '',
          NODE_ENV: 'test',
          LOG_LEVEL: 'warn',
          HOST: '127.0.0.1',
          PORT: String(options.port ?? 0),
          DATABASE_URL: databaseUrl,
          SEED_ON_START: 'true',
          OPERATOR_API_KEY: TEST_OPERATOR_KEY,
          RECONCILE_INTERVAL_MINUTES: '0',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    let exited = false;
    const exit = new Promise<void>((done) => child.once('exit', () => done()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start in time:\n${output}`));
    }, STARTUP_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const listening = /listening on http:\/\/localhost:(\d+)/.exec(output);
      if (listening?.[1]) {
        clearTimeout(timer);
        resolve({
          baseUrl: `http://127.0.0.1:${listening[1]}`,
          output: () => output,
          kill: async (signal) => {
            if (!exited) child.kill(signal);
            await exit;
          },
        });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) => {
      exited = true;
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${output}`));
    });
  });

/** A new empty database on the TEST_DATABASE_URL server for one server process. */
export const createServerDatabase = async (
  serverUrl: string,
): Promise<{ url: string; open: () => Promise<Db>; drop: () => Promise<void> }> => {
  const name = `lanna_load_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    open: () => openDb({ kind: 'postgres', url: url.toString() }),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
};
