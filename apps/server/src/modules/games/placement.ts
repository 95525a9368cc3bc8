import type { GameCategory } from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { gameCatalogCacheOf, type CatalogGame, type GameCatalog } from './game-catalog.ts';
import { findEnabledVendors } from './games.repository.ts';

/**
 * Where rounds belong: a round's category is its game's; a game the catalog no longer has goes
 * to the vendor code's first category in the merchant's order (null when the vendor is gone),
 * so every round has exactly one place and the category sums add up to the totals.
 */
export type Placement = {
  catalog: GameCatalog;
  vendors: { code: string; category: GameCategory; name: string }[];
  gameOf: (vendorCode: string, gameCode: string) => CatalogGame | undefined;
  categoryOf: (vendorCode: string, gameCode: string) => GameCategory | null;
  vendorNameOf: (vendorCode: string, category: GameCategory | null) => string;
};

const gamesByCode = new WeakMap<GameCatalog, Map<string, CatalogGame>>();
const gameKey = (vendorCode: string, gameCode: string) => `${vendorCode}\n${gameCode}`;

// Built once per catalog version: the catalog itself is replaced when games change.
const gameIndexOf = (catalog: GameCatalog): Map<string, CatalogGame> => {
  let index = gamesByCode.get(catalog);
  if (!index) {
    index = new Map(catalog.games.map((game) => [gameKey(game.vendorCode, game.code), game]));
    gamesByCode.set(catalog, index);
  }
  return index;
};

export const placementOf = async (db: Db, merchantId: number): Promise<Placement> => {
  const [catalog, rows] = await Promise.all([
    gameCatalogCacheOf(db).get(merchantId),
    findEnabledVendors(db, merchantId),
  ]);
  const index = gameIndexOf(catalog);
  const vendors = rows.map((row) => ({
    code: row.code,
    category: row.category,
    name: row.display_name,
  }));
  const gameOf = (vendorCode: string, gameCode: string) => index.get(gameKey(vendorCode, gameCode));
  return {
    catalog,
    vendors,
    gameOf,
    categoryOf: (vendorCode, gameCode) =>
      gameOf(vendorCode, gameCode)?.category ??
      vendors.find((vendor) => vendor.code === vendorCode)?.category ??
      null,
    vendorNameOf: (vendorCode, category) =>
      vendors.find((vendor) => vendor.code === vendorCode && vendor.category === category)?.name ??
      vendors.find((vendor) => vendor.code === vendorCode)?.name ??
      vendorCode,
  };
};
