import type { GameCategory, GameSubType } from '@lanna/contract';
import type { Db } from '../../db/client.ts';

export type MerchantVendorRow = {
  code: string;
  category: GameCategory;
  display_name: string;
  maintenance: boolean;
};

/** The vendors a merchant offers, in its display order. */
export const findEnabledVendors = (db: Db, merchantId: number) =>
  db.query<MerchantVendorRow>(
    `SELECT v.code, v.category, v.display_name, v.maintenance
     FROM merchant_vendors mv JOIN vendors v ON v.id = mv.vendor_id
     WHERE mv.merchant_id = $1 AND mv.enabled
     ORDER BY mv.sort, v.code`,
    [merchantId],
  );

export type CatalogGameRow = {
  id: number;
  game_code: string;
  name_en: string;
  name_cn: string;
  name_th: string;
  name_km: string;
  sub_type: GameSubType | null;
  is_hot: boolean;
  is_new: boolean;
  free_play: boolean;
  maintenance: boolean;
  popularity: number;
  pvp_rooms: number;
  vendor_code: string;
  vendor_name: string;
  category: GameCategory;
};

/**
 * Every enabled game of the vendors the merchant offers, in display order: the merchant's
 * vendor order, then each vendor's own. A game is under maintenance when it or its vendor is.
 */
export const findCatalogGames = (db: Db, merchantId: number) =>
  db.query<CatalogGameRow>(
    `SELECT g.id, g.game_code, g.name_en, g.name_cn, g.name_th, g.name_km, g.sub_type, g.is_hot,
       g.is_new, g.free_play, g.maintenance OR v.maintenance AS maintenance, g.popularity,
       g.pvp_rooms, v.code AS vendor_code, v.display_name AS vendor_name, v.category
     FROM merchant_vendors mv
     JOIN vendors v ON v.id = mv.vendor_id
     JOIN games g ON g.vendor_id = v.id AND g.enabled
     WHERE mv.merchant_id = $1 AND mv.enabled
     ORDER BY mv.sort, v.code, g.sort, g.id`,
    [merchantId],
  );

/**
 * The version of everything catalogs are built from (migration 019): triggers bump it in the
 * transaction of every change, so a node learns that nothing changed from one row.
 */
export const findCatalogVersion = async (db: Db): Promise<string> => {
  const row = await db.one<{ version: string }>(
    'SELECT version::text AS version FROM catalog_version',
  );
  return row.version;
};

/** The member's favourites, latest added first. */
export const findFavouriteIds = async (db: Db, memberId: number): Promise<number[]> => {
  const rows = await db.query<{ game_id: number }>(
    `SELECT game_id FROM game_favourites WHERE member_id = $1
     ORDER BY created_at DESC, game_id DESC`,
    [memberId],
  );
  return rows.map((row) => row.game_id);
};

/**
 * Adds a favourite unless it is there or the member keeps `max` already, under a lock keyed by
 * the member (games' own: the members row is auth's) so two concurrent adds cannot pass the cap
 * together. Answers whether it was added
 * (or 'full') and how many the member keeps.
 */
export const insertFavourite = (
  db: Db,
  favourite: { merchantId: number; memberId: number; gameId: number; max: number },
): Promise<{ added: boolean | 'full'; count: number }> =>
  db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('games:favourites:' || $1, 0))", [
      favourite.memberId,
    ]);
    const { count, present } = await tx.one<{ count: number; present: boolean }>(
      `SELECT count(*)::int AS count, coalesce(bool_or(game_id = $2), false) AS present
       FROM game_favourites WHERE member_id = $1`,
      [favourite.memberId, favourite.gameId],
    );
    if (present) return { added: false, count };
    if (count >= favourite.max) return { added: 'full', count };
    await tx.query(
      `INSERT INTO game_favourites (merchant_id, member_id, game_id) VALUES ($1, $2, $3)`,
      [favourite.merchantId, favourite.memberId, favourite.gameId],
    );
    return { added: true, count: count + 1 };
  });

export const deleteFavourite = async (
  db: Db,
  memberId: number,
  gameId: number,
): Promise<{ removed: boolean; count: number }> => {
  const row = await db.one<{ removed: number; count: number }>(
    `WITH gone AS (
       DELETE FROM game_favourites WHERE member_id = $1 AND game_id = $2 RETURNING 1)
     SELECT (SELECT count(*) FROM gone)::int AS removed,
       (SELECT count(*) FROM game_favourites WHERE member_id = $1)::int AS count`,
    [memberId, gameId],
  );
  // The count was read before the delete (one snapshot), so it still includes the removed row.
  return { removed: row.removed > 0, count: row.count - row.removed };
};

/** The member's recent games, latest first. */
export const findRecentIds = async (db: Db, memberId: number): Promise<number[]> => {
  const rows = await db.query<{ game_id: number }>(
    `SELECT game_id FROM game_recents WHERE member_id = $1
     ORDER BY played_at DESC, game_id DESC`,
    [memberId],
  );
  return rows.map((row) => row.game_id);
};

/** Moves the game to the top of the member's recent games and drops the oldest past `max`. */
export const upsertRecent = async (
  db: Db,
  recent: { merchantId: number; memberId: number; gameId: number; at: Date; max: number },
): Promise<void> => {
  await db.query(
    `INSERT INTO game_recents (merchant_id, member_id, game_id, played_at)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (member_id, game_id) DO UPDATE SET played_at = EXCLUDED.played_at`,
    [recent.merchantId, recent.memberId, recent.gameId, recent.at],
  );
  await db.query(
    `DELETE FROM game_recents WHERE member_id = $1 AND game_id IN (
       SELECT game_id FROM game_recents WHERE member_id = $1
       ORDER BY played_at DESC, game_id DESC OFFSET $2)`,
    [recent.memberId, recent.max],
  );
};
