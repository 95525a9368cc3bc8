// Proves the node's catalog follows the database: an unchanged catalog is kept after its check
// (the catalog version), a changed one is reloaded in the background while the old one answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../testing/index.ts';
import { CATALOG_TTL_MS, createGameCatalogCache, foldForSearch } from './game-catalog.ts';
import { findCatalogVersion } from './games.repository.ts';

let testDb: TestDb;
let lannaId: number;

beforeAll(async () => {
  testDb = await openTestDb();
  lannaId = (await testDb.db.one<{ id: number }>("SELECT id FROM merchants WHERE code = 'lanna'"))
    .id;
});

afterAll(async () => {
  await testDb.close();
});

/** Lets the background check and reload finish. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('the catalog cache', () => {
  it('keeps an unchanged catalog and reloads a changed one after the check interval', async () => {
    let clock = 0;
    const cache = createGameCatalogCache(testDb.db, () => clock);
    const first = await cache.get(lannaId);
    const game = first.byCategory.get('RNG')?.find((entry) => entry.vendorCode === 'PG');
    if (!game) throw new Error('no PG game');
    expect(game.maintenance).toBe(false);

    clock += CATALOG_TTL_MS + 1;
    await cache.get(lannaId);
    await settle();
    expect(await cache.get(lannaId)).toBe(first);

    await testDb.db.query('UPDATE games SET maintenance = true WHERE id = $1', [game.id]);
    // Within the interval the node still answers what it has.
    expect((await cache.get(lannaId)).byId.get(game.id)?.maintenance).toBe(false);
    clock += CATALOG_TTL_MS + 1;
    // The first read after the interval answers the stale catalog and starts the reload.
    expect((await cache.get(lannaId)).byId.get(game.id)?.maintenance).toBe(false);
    let next = await cache.get(lannaId);
    for (let waited = 0; next === first && waited < 10_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      next = await cache.get(lannaId);
    }
    expect(next).not.toBe(first);
    expect(next.byId.get(game.id)?.maintenance).toBe(true);
    // The folded names of unchanged games are reused, and search still finds them.
    expect(next.search(foldForSearch(game.names.EN)).map((entry) => entry.id)).toContain(game.id);
    await testDb.db.query('UPDATE games SET maintenance = false WHERE id = $1', [game.id]);
  });

  it('moves the catalog version with what catalogs carry, not with other merchant settings', async () => {
    const { db } = testDb;
    const before = await findCatalogVersion(db);
    await db.query("UPDATE merchants SET name = name || '' WHERE id = $1", [lannaId]);
    expect(await findCatalogVersion(db)).toBe(before);
    await db.query("UPDATE cdns SET base_url = base_url || '' WHERE merchant_id = $1", [lannaId]);
    const afterCdns = await findCatalogVersion(db);
    expect(BigInt(afterCdns)).toBeGreaterThan(BigInt(before));
    await db.query('UPDATE merchants SET currency_symbol = currency_symbol WHERE id = $1', [
      lannaId,
    ]);
    expect(BigInt(await findCatalogVersion(db))).toBeGreaterThan(BigInt(afterCdns));
  });

  it('forgets a merchant at once on invalidate', async () => {
    const cache = createGameCatalogCache(testDb.db, () => 0);
    const first = await cache.get(lannaId);
    cache.invalidate(lannaId);
    expect(await cache.get(lannaId)).not.toBe(first);
  });
});

describe('foldForSearch', () => {
  it('folds case, accents, full-width letters and spaces, and keeps Thai and Chinese', () => {
    expect(foldForSearch('  Crème\u3000BRÛLÉE  ')).toBe('creme brulee');
    expect(foldForSearch('ＧＯＬＤ')).toBe('gold');
    expect(foldForSearch('黄金')).toBe('黄金');
    expect(foldForSearch('มังกร')).toBe(foldForSearch('มงกร'));
  });
});
