import { readFileSync } from 'node:fs';
import pg from 'pg';

/**
 * Where the global setup (global-setup.ts) leaves the migrated and seeded database each test
 * database of the run is copied from: a PGlite data directory tarball, or the name of a
 * template database on the TEST_DATABASE_URL server. Unset outside a Vitest run.
 */
export const PGLITE_TEMPLATE_ENV = 'LANNA_TEST_PGLITE_TEMPLATE';
export const PG_TEMPLATE_ENV = 'LANNA_TEST_PG_TEMPLATE';

/** The PGlite template of this run, if the global setup made one. */
export const pgliteTemplate = (): Blob | null => {
  const file = process.env[PGLITE_TEMPLATE_ENV];
  return file ? new Blob([readFileSync(file)]) : null;
};

/** The PostgreSQL template database of this run, if the global setup made one. */
export const postgresTemplate = (): string | null => process.env[PG_TEMPLATE_ENV] || null;

/** A client on the server's maintenance connection, for CREATE and DROP DATABASE. */
export const adminClient = async (url: string): Promise<pg.Client> => {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return client;
  } catch (error) {
    // The named database may not exist yet; any server has the maintenance database.
    if ((error as { code?: string }).code !== '3D000') throw error;
    const fallback = new URL(url);
    fallback.pathname = '/postgres';
    const retry = new pg.Client({ connectionString: fallback.toString() });
    await retry.connect();
    return retry;
  }
};
