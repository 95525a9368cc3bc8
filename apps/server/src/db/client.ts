import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Env } from '../config/env.ts';

/** A positional SQL parameter ($1, $2, ...). Arrays become PostgreSQL arrays. */
export type SqlParam =
  | string
  | number
  | boolean
  | null
  | Date
  | readonly string[]
  | readonly number[]
  | readonly (string | null)[];

/**
 * The one query layer of the server. Two implementations share it: embedded PGlite and a
 * node-postgres pool; both run the same parameterised SQL and return rows shaped the same
 * way (int8 and numeric as strings, timestamptz as Date, jsonb parsed, arrays as arrays).
 */
export type Db = {
  readonly kind: 'pglite' | 'postgres';
  /** True inside `transaction`: a nested call joins it, so only the outermost caller may retry. */
  readonly inTransaction: boolean;
  /**
   * One object per database, shared by its transactions: what per-database state (an
   * in-memory cache that writers invalidate after commit) is keyed on.
   */
  readonly scope: object;
  query<T>(sql: string, params?: readonly SqlParam[]): Promise<T[]>;
  /** Exactly one row, or an error: for statements that must return one (INSERT ... RETURNING). */
  one<T>(sql: string, params?: readonly SqlParam[]): Promise<T>;
  maybeOne<T>(sql: string, params?: readonly SqlParam[]): Promise<T | null>;
  /** Runs a script of several statements without parameters (migrations only). */
  exec(sql: string): Promise<void>;
  /** Runs `fn` in one database transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * Runs `callback` once the outermost transaction has committed (at once outside one); a
   * rollback drops it. For effects others must not see before the data: events, cache drops.
   */
  afterCommit(callback: () => void): void;
  close(): Promise<void>;
};

/** Where the data lives: a PostgreSQL server, PGlite files on disk, or PGlite in memory. */
export type DbTarget =
  | { kind: 'postgres'; url: string; prepareStatements?: boolean }
  | { kind: 'pglite'; dataDir: string | null; loadDataDir?: Blob };

export const dbTargetFromEnv = (
  env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR' | 'DATABASE_PREPARE'>,
): DbTarget =>
  env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL, prepareStatements: env.DATABASE_PREPARE }
    : { kind: 'pglite', dataDir: join(env.DATA_DIR, 'pglite') };

/** True when opening the target creates a new PGlite cluster: a directory without PG_VERSION. */
export const createsNewCluster = (target: DbTarget): boolean =>
  target.kind === 'pglite' &&
  target.dataDir !== null &&
  !existsSync(join(target.dataDir, 'PG_VERSION'));

/**
 * The callbacks of one transaction, run in order after its COMMIT. A failing callback cannot
 * undo the commit, so it is reported and the others still run.
 */
export type CommitCallbacks = { add: (callback: () => void) => void; run: () => void };

export const commitCallbacks = (): CommitCallbacks => {
  const callbacks: (() => void)[] = [];
  return {
    add: (callback) => callbacks.push(callback),
    run: () => {
      for (const callback of callbacks.splice(0)) {
        try {
          callback();
        } catch (error) {
          process.emitWarning(`after-commit callback failed: ${String(error)}`);
        }
      }
    },
  };
};

/** Outside a transaction every statement commits by itself: the callback runs at once. */
export const runNow = (callback: () => void): void => {
  const callbacks = commitCallbacks();
  callbacks.add(callback);
  callbacks.run();
};

/** Shared by both implementations so `one` and `maybeOne` mean the same everywhere. */
export const withRowHelpers = (base: Omit<Db, 'one' | 'maybeOne'>): Db => {
  const maybeOne = async <T>(sql: string, params?: readonly SqlParam[]): Promise<T | null> => {
    const rows = await base.query<T>(sql, params);
    if (rows.length > 1) throw new Error(`expected at most one row, got ${rows.length}`);
    return rows[0] ?? null;
  };
  const one = async <T>(sql: string, params?: readonly SqlParam[]): Promise<T> => {
    const row = await maybeOne<T>(sql, params);
    if (row === null) throw new Error('expected one row, got none');
    return row;
  };
  return { ...base, one, maybeOne };
};

/** Opens the database a target names; the caller owns it and closes it. */
export const openDb = async (target: DbTarget): Promise<Db> => {
  if (target.kind === 'postgres') {
    const { openPostgresDb } = await import('./postgres-db.ts');
    return openPostgresDb(target.url, target.prepareStatements);
  }
  const { openPgliteDb } = await import('./pglite-db.ts');
  return openPgliteDb(target);
};
