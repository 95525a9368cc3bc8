import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The server test files that cannot reach a database: neither they nor any module they import
 * (relative imports, followed to the end) is under src/db or src/testing, and none reads
 * TEST_DATABASE_URL. Their outcome cannot depend on the engine, so the PostgreSQL pass of
 * test-api.ts leaves them to the PGlite pass; a file that gains a path to the database runs on
 * both again by itself.
 */
const SERVER_SRC = resolve(import.meta.dirname, '../apps/server/src');
const DATABASE_PATHS = [join(SERVER_SRC, 'db'), join(SERVER_SRC, 'testing')];
const DRIVER = /['"](?:pg|@electric-sql\/pglite[^'"]*|@lanna\/server[^'"]*)['"]/;
// `import x from './y.ts'`, `export * from './y.ts'`, `import './y.ts'`, `import('./y.ts')`;
// `import type` is left out, it is gone at run time. A database driver named anywhere counts.
const IMPORT =
  /(?:^|\n)\s*(?:import(?!\s+type\s)[^'"]*?from\s*|export[^'"]*?from\s*|import\s*\(?\s*)['"](\.[^'"]+)['"]/g;

const testFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });

const reachesDatabase = (file: string, seen = new Set<string>()): boolean => {
  if (seen.has(file)) return false;
  seen.add(file);
  if (DATABASE_PATHS.some((path) => file.startsWith(`${path}/`))) return true;
  const source = readFileSync(file, 'utf8');
  if (source.includes('TEST_DATABASE_URL') || DRIVER.test(source)) return true;
  for (const match of source.matchAll(IMPORT)) {
    const target = resolve(dirname(file), match[1] ?? '');
    if (target.endsWith('.ts') && reachesDatabase(target, seen)) return true;
  }
  return false;
};

/** Paths relative to apps/server, as `vitest run --project server` takes them. */
export const engineIndependentTests = (): string[] =>
  testFiles(SERVER_SRC)
    .filter((file) => !reachesDatabase(file))
    .map((file) => relative(join(SERVER_SRC, '..'), file))
    .sort();
