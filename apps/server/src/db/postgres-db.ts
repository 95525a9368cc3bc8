import pg from 'pg';
import {
  commitCallbacks,
  runNow,
  withRowHelpers,
  type CommitCallbacks,
  type Db,
  type SqlParam,
} from './client.ts';
import { createStatementNames, type StatementNames } from './statement-names.ts';

// Same row shapes as PGlite: a date stays its calendar date text rather than a local Date.
const typeParsers = new pg.TypeOverrides();
typeParsers.setTypeParser(pg.types.builtins.DATE, (value: string) => value);

const queryOn =
  (target: pg.Pool | pg.PoolClient, nameOf: StatementNames | null) =>
  async <T>(sql: string, params: readonly SqlParam[] = []): Promise<T[]> => {
    const name = nameOf?.(sql);
    const values = [...params];
    const result = await target.query(name ? { name, text: sql, values } : { text: sql, values });
    return result.rows as T[];
  };

type Context = { scope: object; nameOf: StatementNames | null };

const clientDb = (client: pg.PoolClient, onCommit: CommitCallbacks, context: Context): Db =>
  withRowHelpers({
    kind: 'postgres',
    inTransaction: true,
    scope: context.scope,
    query: queryOn(client, context.nameOf),
    exec: async (sql) => {
      await client.query(sql);
    },
    // A nested call joins the transaction already open: one service call, one transaction.
    transaction: (fn) => fn(clientDb(client, onCommit, context)),
    afterCommit: onCommit.add,
    close: () => Promise.reject(new Error('close the database, not a transaction')),
  });

const inTransaction = async <T>(
  pool: pg.Pool,
  context: Context,
  fn: (tx: Db) => Promise<T>,
): Promise<T> => {
  const client = await pool.connect();
  const onCommit = commitCallbacks();
  let result: T;
  try {
    await client.query('BEGIN');
    result = await fn(clientDb(client, onCommit, context));
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

/**
 * A PostgreSQL server through a node-postgres pool. Statements used again and again are
 * prepared on each connection (statement-names.ts) unless `prepareStatements` is false, as a
 * pooler in transaction mode needs.
 */
export const openPostgresDb = async (url: string, prepareStatements = true): Promise<Db> => {
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
  const context: Context = {
    scope: {},
    nameOf: prepareStatements ? createStatementNames() : null,
  };
  return withRowHelpers({
    kind: 'postgres',
    inTransaction: false,
    scope: context.scope,
    query: queryOn(pool, context.nameOf),
    exec: async (sql) => {
      await pool.query(sql);
    },
    transaction: (fn) => inTransaction(pool, context, fn),
    afterCommit: runNow,
    close: () => pool.end(),
  });
};
