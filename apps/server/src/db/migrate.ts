import { readdir, readFile } from 'node:fs/promises';
import type { Db } from './client.ts';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);
const FILE_NAME = /^(\d{3})-([a-z0-9-]+)\.sql$/;
// Any fixed number shared by every node: two nodes starting together migrate one after the other.
const MIGRATION_LOCK_KEY = 7_316_001;

export type Migration = { version: number; name: string; sql: string };

/** The migration files, in version order; a file outside the NNN-name.sql pattern is an error. */
export const readMigrations = async (): Promise<Migration[]> => {
  const files = (await readdir(MIGRATIONS_DIR)).filter((file) => file.endsWith('.sql')).sort();
  return Promise.all(
    files.map(async (file) => {
      const match = FILE_NAME.exec(file);
      if (!match?.[1] || !match[2])
        throw new Error(`migration file name ${file} is not NNN-name.sql`);
      const sql = await readFile(new URL(file, MIGRATIONS_DIR), 'utf8');
      return { version: Number(match[1]), name: match[2], sql };
    }),
  );
};

const checkHistory = (applied: { version: number; name: string }[], known: Migration[]): void => {
  for (const row of applied) {
    const file = known.find((migration) => migration.version === row.version);
    if (!file || file.name !== row.name) {
      throw new Error(
        `database has migration ${row.version}-${row.name} that this code does not know; ` +
          'it was made by another version of Lanna',
      );
    }
  }
};

/**
 * A start on a current database (the usual case) reads the history once, without the lock, the
 * transaction or the DDL: migrations are only ever added, so a history that holds every known
 * file cannot become stale while the lock is awaited. Anything else takes the locked path.
 */
const isCurrent = async (db: Db, known: Migration[]): Promise<boolean> => {
  const { present } = await db.one<{ present: boolean }>(
    "SELECT to_regclass('schema_version') IS NOT NULL AS present",
  );
  if (!present) return false;
  const applied = await db.query<{ version: number; name: string }>(
    'SELECT version, name FROM schema_version ORDER BY version',
  );
  checkHistory(applied, known);
  const done = new Set(applied.map((row) => row.version));
  return known.every((migration) => done.has(migration.version));
};

/**
 * Applies the pending migrations in one transaction under an advisory lock, recording each in
 * `schema_version`. Returns the migrations it applied (none when the database is current).
 */
export const migrate = async (db: Db): Promise<Migration[]> => {
  const migrations = await readMigrations();
  if (await isCurrent(db, migrations)) return [];
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_version (
      version    integer PRIMARY KEY,
      name       text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const applied = await tx.query<{ version: number; name: string }>(
      'SELECT version, name FROM schema_version ORDER BY version',
    );
    checkHistory(applied, migrations);
    const done = new Set(applied.map((row) => row.version));
    const pending = migrations.filter((migration) => !done.has(migration.version));
    for (const migration of pending) {
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_version (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
    }
    return pending;
  });
};

/** Drops every table, view, type and function of the current schema (db:reset). */
export const dropEverything = async (db: Db): Promise<void> => {
  await db.exec('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;');
};
