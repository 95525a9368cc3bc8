// The peer of the games name search: the same search as a PostgreSQL ILIKE on every language's
// name, served by trigram GIN indexes (games-catalog.ts builds them), one page of 24 and the
// total, in the catalog's display order, through Fastify and a pool of connections.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 16 });
const app = Fastify({ logger: false });

app.get('/search', async (request) => {
  const query = (request.query as { q?: string }).q ?? '';
  const pattern = `%${query.trim().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const { rows } = await pool.query<{ total: string }>(
    `SELECT g.id, g.game_code, g.name_en, g.name_cn, g.name_th, g.name_km, g.sub_type, g.is_hot,
       g.free_play, v.code AS vendor_code, v.category, count(*) OVER () AS total
     FROM merchant_vendors mv
     JOIN merchants m ON m.id = mv.merchant_id AND m.code = 'lanna'
     JOIN vendors v ON v.id = mv.vendor_id
     JOIN games g ON g.vendor_id = v.id AND g.enabled
     WHERE mv.enabled AND (g.name_en ILIKE $1 OR g.name_cn ILIKE $1 OR g.name_th ILIKE $1
       OR g.name_km ILIKE $1)
     ORDER BY mv.sort, v.code, g.sort, g.id
     LIMIT 24`,
    [pattern],
  );
  return { games: rows, total: Number(rows[0]?.total ?? 0) };
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
