// The peer for cold start: a Node process opening PGlite on a data directory and answering one
// query. Prints the milliseconds since this process began (Node's own start included), as the
// server's figure counts from its spawn.
import { PGlite } from '@electric-sql/pglite';

const db = new PGlite(process.env.PGLITE_DIR);
await db.query('SELECT 1');
process.stdout.write(String(performance.now()));
await db.close();
