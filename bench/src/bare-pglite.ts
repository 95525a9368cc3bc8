// The peer for cold start: PGlite opening a data directory and answering one query.
import { PGlite } from '@electric-sql/pglite';

const started = performance.now();
const db = new PGlite(process.env.PGLITE_DIR);
await db.query('SELECT 1');
process.stdout.write(String(performance.now() - started));
await db.close();
