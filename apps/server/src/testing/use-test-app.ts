import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../db/client.ts';
import type { Clock } from '../shared/clock.ts';
import { buildTestApp, openTestDb, type TestDb } from './index.ts';

/** What a test file shares: its own seeded database and the real app on it. */
export type TestApp = {
  testDb: TestDb;
  db: Db;
  app: FastifyInstance;
  /** The app's DATA_DIR, when the file asked for a temporary one (uploaded files go there). */
  dataDir: string;
};

export type TestAppOptions = {
  env?: Record<string, string>;
  clock?: Clock;
  captchaText?: () => string;
  temporaryDataDir?: boolean;
};

/**
 * Opens a fresh database and the app before the file's tests and closes both after them: the
 * setup most API test files share. Its fields are set once `beforeAll` has run, so read them
 * inside tests and hooks, not at the top of the file.
 */
export const useTestApp = (options: TestAppOptions = {}): TestApp => {
  const { temporaryDataDir, env, ...appOptions } = options;
  // Filled in by beforeAll; a failed open leaves fields unset, which afterAll must survive.
  const opened: Partial<TestApp> = {};
  beforeAll(async () => {
    opened.testDb = await openTestDb();
    opened.db = opened.testDb.db;
    if (temporaryDataDir) opened.dataDir = await mkdtemp(join(tmpdir(), 'lanna-test-data-'));
    opened.app = await buildTestApp(opened.db, {
      ...appOptions,
      env: { ...env, ...(temporaryDataDir ? { DATA_DIR: opened.dataDir } : {}) },
    });
  });
  afterAll(async () => {
    await opened.app?.close();
    await opened.testDb?.close();
    if (opened.dataDir) await rm(opened.dataDir, { recursive: true, force: true });
  });
  return opened as TestApp;
};
