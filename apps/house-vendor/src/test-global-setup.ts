import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from './db.ts';
import { createSchema } from './schema.ts';
import { DATA_TEMPLATE_ENV } from './testing.ts';

/**
 * Vitest global setup of the house-vendor project: one data directory with the vendor's PGlite
 * cluster and schema, made the way a first start makes it and closed cleanly, which
 * `tempDataDir` copies for every vendor a test starts. A new cluster on disk costs seconds of
 * initdb; a copy of the directory, a fraction of one.
 */
export default async function setup(): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'house-vendor-template-'));
  const store = await openStore({ kind: 'pglite', dataDir: join(dir, 'house-vendor') });
  await createSchema(store);
  await store.close();
  process.env[DATA_TEMPLATE_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
