import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDb, type Db } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { pgliteDb } from '../db/pglite-db.ts';
import { seed } from '../db/seed/index.ts';
import { adminClient, PG_TEMPLATE_ENV, PGLITE_TEMPLATE_ENV } from './template.ts';

/**
 * Vitest global setup of the projects that open test databases: migrates and seeds one
 * database per run, and every `openTestDb` of that run starts from a copy of it. A new PGlite
 * costs seconds of initdb and a seed seconds of password hashing; a copy, half a second on
 * PGlite and a file copy on PostgreSQL. Built again on every run, so it is always the
 * migrations and seed of the checkout, and the workers started after this inherit the env.
 */

const migrateAndSeed = async (db: Db): Promise<void> => {
  await migrate(db);
  await seed(db);
};

const buildPgliteTemplate = async (): Promise<() => void> => {
  const built = new PGlite();
  await built.waitReady;
  await migrateAndSeed(pgliteDb(built));
  // The dump copies files: what is still only in shared buffers must be written out first.
  await built.exec('CHECKPOINT');
  const tarball = await built.dumpDataDir('none');
  await built.close();
  const dir = mkdtempSync(join(tmpdir(), 'lanna-test-template-'));
  const file = join(dir, 'template.tar');
  writeFileSync(file, new Uint8Array(await tarball.arrayBuffer()));
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return () => rmSync(dir, { recursive: true, force: true });
};

const buildPostgresTemplate = async (serverUrl: string): Promise<() => Promise<void>> => {
  const name = `lanna_template_${randomBytes(6).toString('hex')}`;
  const admin = await adminClient(serverUrl);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openDb({ kind: 'postgres', url: url.toString() });
  await migrateAndSeed(db);
  // Closed before any copy: PostgreSQL copies only a template nobody is connected to.
  await db.close();
  process.env[PG_TEMPLATE_ENV] = name;
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
};

export default async function setup(): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const drop = await buildPostgresTemplate(serverUrl);
    return () => drop();
  }
  const remove = await buildPgliteTemplate();
  return () => Promise.resolve(remove());
}
