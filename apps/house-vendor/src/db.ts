import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** A positional SQL parameter. */
export type SqlParam = string | number | boolean | null | Date;

/**
 * The vendor's own store: its rounds, seeds and sessions, never the platform's tables (the
 * platform is reached over HTTP only). int8 columns come back as strings on both engines.
 */
export type Store = {
  query<T>(sql: string, params?: readonly SqlParam[]): Promise<T[]>;
  exec(sql: string): Promise<void>;
  transaction<T>(fn: (tx: Store) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

export type StoreTarget =
  { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string | null };

export const storeTargetOf = (config: {
  HOUSE_VENDOR_DATABASE_URL?: string | undefined;
  DATA_DIR: string;
}): StoreTarget =>
  config.HOUSE_VENDOR_DATABASE_URL
    ? { kind: 'postgres', url: config.HOUSE_VENDOR_DATABASE_URL }
    : { kind: 'pglite', dataDir: join(config.DATA_DIR, 'house-vendor') };

// PGlite 0.5 ignores constructor parsers, so each query names them: int8 and numeric as text.
const PGLITE_PARSERS = { 20: String, 1700: String };

const pgliteStore = async (dataDir: string | null): Promise<Store> => {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const lite = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
  let queue: Promise<unknown> = Promise.resolve();
  // PGlite has one connection: transactions run one after another.
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = queue.then(fn, fn);
    queue = next.catch(() => undefined);
    return next;
  };
  type Runner = Pick<PGlite, 'query' | 'exec'>;
  const over =
    (runner: Runner): Store['query'] =>
    async <T>(sql: string, params: readonly SqlParam[] = []) =>
      (await runner.query<T>(sql, [...params], { parsers: PGLITE_PARSERS })).rows;
  const inner = (runner: Runner): Store => ({
    query: over(runner),
    exec: async (sql) => {
      await runner.exec(sql);
    },
    transaction: (fn) => fn(inner(runner)),
    close: () => Promise.resolve(),
  });
  return {
    query: (sql, params) => serial(() => over(lite)(sql, params)),
    exec: (sql) =>
      serial(async () => {
        await lite.exec(sql);
      }),
    transaction: (fn) => serial(() => lite.transaction((tx) => fn(inner(tx)))),
    close: () => lite.close(),
  };
};

const postgresStore = async (url: string): Promise<Store> => {
  const setup = new pg.Client({ connectionString: url });
  await setup.connect();
  try {
    await setup.query('CREATE SCHEMA IF NOT EXISTS house_vendor');
  } finally {
    await setup.end();
  }
  // Every connection works in the vendor's own schema, apart from any platform tables.
  const pool = new pg.Pool({
    connectionString: url,
    max: 8,
    options: '-c search_path=house_vendor',
  });
  // node-postgres already answers int8 and numeric as exact strings, as PGlite does here.
  const over =
    (client: pg.Pool | pg.PoolClient): Store['query'] =>
    async <T>(sql: string, params: readonly SqlParam[] = []) =>
      (await client.query(sql, [...params])).rows as T[];
  const inner = (client: pg.PoolClient): Store => ({
    query: over(client),
    exec: async (sql) => {
      await client.query(sql);
    },
    transaction: (fn) => fn(inner(client)),
    close: () => Promise.resolve(),
  });
  return {
    query: over(pool),
    exec: async (sql) => {
      await pool.query(sql);
    },
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(inner(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
};

export const openStore = (target: StoreTarget): Promise<Store> =>
  target.kind === 'postgres' ? postgresStore(target.url) : pgliteStore(target.dataDir);
