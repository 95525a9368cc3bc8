import { mkdirSync } from 'node:fs';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import {
  commitCallbacks,
  runNow,
  withRowHelpers,
  type CommitCallbacks,
  type Db,
  type DbTarget,
  type SqlParam,
} from './client.ts';

type Queryable = Pick<Transaction, 'query' | 'exec'>;

// Rows must look the same as node-postgres rows: int8 and numeric stay exact strings, and a
// date stays the calendar date it is rather than a Date at local midnight. PGlite 0.5 ignores
// parsers given to its constructor, so every query passes them.
const keepText = (value: string): string => value;
const PARSERS = { [types.INT8]: keepText, [types.NUMERIC]: keepText, [types.DATE]: keepText };

const queryOn =
  (target: Queryable) =>
  async <T>(sql: string, params: readonly SqlParam[] = []): Promise<T[]> => {
    const result = await target.query<T>(sql, [...params], { parsers: PARSERS });
    return result.rows;
  };

const txDb = (tx: Transaction, onCommit: CommitCallbacks, scope: object): Db =>
  withRowHelpers({
    kind: 'pglite',
    inTransaction: true,
    scope,
    query: queryOn(tx),
    exec: async (sql) => {
      await tx.exec(sql);
    },
    // A nested call joins the transaction already open: one service call, one transaction.
    transaction: (fn) => fn(txDb(tx, onCommit, scope)),
    afterCommit: onCommit.add,
    close: () => Promise.reject(new Error('close the database, not a transaction')),
  });

/** Embedded PostgreSQL: files under `dataDir`, or memory only when `dataDir` is null. */
export const openPgliteDb = async (target: Extract<DbTarget, { kind: 'pglite' }>): Promise<Db> => {
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  // One options object: with the data directory as a separate first argument left undefined,
  // PGlite 0.5 ignores `loadDataDir` and starts an empty cluster in memory.
  const pg = new PGlite({
    ...(target.dataDir ? { dataDir: target.dataDir } : {}),
    ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
  });
  await pg.waitReady;
  return pgliteDb(pg);
};

/**
 * The query layer over a PGlite the caller opened, for one that needs the instance itself too
 * (the test template is dumped with `dumpDataDir`). Closing the Db closes the PGlite.
 */
export const pgliteDb = (pg: PGlite): Db => {
  const scope = {};
  return withRowHelpers({
    kind: 'pglite',
    inTransaction: false,
    scope,
    query: queryOn(pg),
    exec: async (sql) => {
      await pg.exec(sql);
    },
    transaction: async (fn) => {
      const onCommit = commitCallbacks();
      const result = await pg.transaction((tx) => fn(txDb(tx, onCommit, scope)));
      onCommit.run();
      return result;
    },
    afterCommit: runNow,
    close: () => pg.close(),
  });
};
