import pg from 'pg';
import {
  commitCallbacks,
  runNow,
  withRowHelpers,
  type CommitCallbacks,
  type Db,
  type SqlParam,
} from './client.ts';

// Same row shapes as PGlite: a date stays its calendar date text rather than a local Date.
const typeParsers = new pg.TypeOverrides();
typeParsers.setTypeParser(pg.types.builtins.DATE, (value: string) => value);

const queryOn =
  (target: pg.Pool | pg.PoolClient) =>
  async <T>(sql: string, params: readonly SqlParam[] = []): Promise<T[]> => {
    const result = await target.query(sql, [...params]);
    return result.rows as T[];
  };

const clientDb = (client: pg.PoolClient, onCommit: CommitCallbacks, scope: object): Db =>
  withRowHelpers({
    kind: 'postgres',
    inTransaction: true,
    scope,
    query: queryOn(client),
    exec: async (sql) => {
      await client.query(sql);
    },
    // A nested call joins the transaction already open: one service call, one transaction.
    transaction: (fn) => fn(clientDb(client, onCommit, scope)),
    afterCommit: onCommit.add,
    close: () => Promise.reject(new Error('close the database, not a transaction')),
  });

const inTransaction = async <T>(
  pool: pg.Pool,
  scope: object,
  fn: (tx: Db) => Promise<T>,
): Promise<T> => {
  const client = await pool.connect();
  const onCommit = commitCallbacks();
  let result: T;
  try {
    await client.query('BEGIN');
    result = await fn(clientDb(client, onCommit, scope));
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  onCommit.run();
  return result;
};

/** A PostgreSQL server through a node-postgres pool. */
export const openPostgresDb = async (url: string): Promise<Db> => {
  const pool = new pg.Pool({ connectionString: url, max: 10, types: typeParsers });
  // An idle client can lose its connection (server restart); the pool drops it and the next
  // query reconnects, so this is a warning rather than a crash.
  pool.on('error', (error) => process.emitWarning(`postgres idle client: ${error.message}`));
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end();
    throw error;
  }
  const scope = {};
  return withRowHelpers({
    kind: 'postgres',
    inTransaction: false,
    scope,
    query: queryOn(pool),
    exec: async (sql) => {
      await pool.query(sql);
    },
    transaction: (fn) => inTransaction(pool, scope, fn),
    afterCommit: runNow,
    close: () => pool.end(),
  });
};
