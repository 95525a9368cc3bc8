// Prepares the games bench's catalog before the server starts: the demo data with every
// vendor's game count times 4 (about 20,000 games), on PostgreSQL (DATABASE_URL) with trigram
// indexes on every name for the ILIKE peer, or on PGlite in DATA_DIR. Prints the game count.
import { join } from 'node:path';
import { migrate, openDb, seed, seedGames } from '@lanna/server/testing';

const url = process.env.DATABASE_URL;
const db = await openDb(
  url
    ? { kind: 'postgres', url }
    : { kind: 'pglite', dataDir: join(process.env.DATA_DIR ?? './data', 'pglite') },
);
await migrate(db);
await seed(db);
const count = await db.transaction((tx) => seedGames(tx, { scale: 4 }));
if (url) {
  await db.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  for (const language of ['en', 'cn', 'th', 'km']) {
    await db.query(
      `CREATE INDEX IF NOT EXISTS games_name_${language}_trgm
       ON games USING gin (name_${language} gin_trgm_ops)`,
    );
  }
  await db.query('ANALYZE games');
}
await db.close();
console.log(count);
