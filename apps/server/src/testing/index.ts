import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadEnv, type Env } from '../config/env.ts';
import { openDb, type Db } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { seed } from '../db/seed/index.ts';
import type { Clock } from '../shared/clock.ts';
import { TEST_PRODUCTION_SECRETS } from './production-source.ts';
import { adminClient, pgliteTemplate, postgresTemplate } from './template.ts';

export { DEMO_ACCOUNTS, type DemoAccount } from '../db/seed/index.ts';
export * from './auth.ts';

/** The operator key test apps are configured with. */
export const TEST_OPERATOR_KEY = 'test-operator-key-0123456789';

export type TestDb = { db: Db; close: () => Promise<void> };

/**
 * A new database on the TEST_DATABASE_URL server, dropped again by `close`: a copy of `template`
 * when given, else empty.
 */
const openPostgresTestDb = async (serverUrl: string, template: string | null): Promise<TestDb> => {
  const name = `lanna_t_${randomBytes(6).toString('hex')}`;
  const admin = await adminClient(serverUrl);
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openDb({ kind: 'postgres', url: url.toString() });
  return {
    db,
    close: async () => {
      await db.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
};

const openPgliteTestDb = async (template: Blob | null): Promise<TestDb> => {
  const db = await openDb({
    kind: 'pglite',
    dataDir: null,
    ...(template ? { loadDataDir: template } : {}),
  });
  return { db, close: () => db.close() };
};

const migrateAndSeed = async (db: Db): Promise<void> => {
  await migrate(db);
  await seed(db);
};

/**
 * A fresh database for one test file, migrated and seeded: in-memory PGlite, or a new database
 * on the PostgreSQL server named by TEST_DATABASE_URL (CI sets it), so every API test runs on
 * both engines. Under Vitest it is a copy of the run's template (global-setup.ts), which the
 * same migrations and seed made once; elsewhere they run here.
 */
export const openTestDb = async (): Promise<TestDb> => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = postgresTemplate();
    const testDb = await openPostgresTestDb(serverUrl, template);
    if (!template) await migrateAndSeed(testDb.db);
    return testDb;
  }
  const template = pgliteTemplate();
  const testDb = await openPgliteTestDb(template);
  if (!template) await migrateAndSeed(testDb.db);
  return testDb;
};

/** Test configuration: quiet logs, an operator key, and whatever the test overrides. */
export const testEnv = (overrides: Record<string, string> = {}): Env =>
  loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    OPERATOR_API_KEY: TEST_OPERATOR_KEY,
    // Human checks solved in tests cost a few hashes, not the production tens of thousands.
    HUMAN_CHALLENGE_MAX_NUMBER: '100',
    ...(overrides.NODE_ENV === 'production' ? TEST_PRODUCTION_SECRETS : {}),
    ...overrides,
  });

/** The real app on a test database, ready for `app.inject`. */
export const buildTestApp = async (
  db: Db,
  options: { env?: Record<string, string>; clock?: Clock; captchaText?: () => string } = {},
): Promise<FastifyInstance> => {
  const env = testEnv(options.env);
  const app = await buildApp({
    env,
    db,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.captchaText ? { captchaText: options.captchaText } : {}),
  });
  await app.ready();
  return app;
};

/** A clock a test can move: `clock.set(iso)` changes what the app thinks "now" is. */
export const movableClock = (start: string): Clock & { set: (iso: string) => void } => {
  let now = new Date(start);
  const clock = () => new Date(now);
  return Object.assign(clock, {
    set: (iso: string) => {
      now = new Date(iso);
    },
  });
};
export * from './bench.ts';
export * from './listening-platform.ts';
