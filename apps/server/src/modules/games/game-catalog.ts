import type { Currency, GameCategory, GameSubType } from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { findCdns } from '../content/index.ts';
import { gameArtVersion } from './game-art.ts';
import { findCatalogGames, findCatalogMerchant } from './games.repository.ts';

/** The four languages the catalog names games in; any other language reads the English name. */
export type NameLanguage = 'EN' | 'CN' | 'TH' | 'KM';

/** One game of a merchant's catalog, as the lists read it: no database row per request. */
export type CatalogGame = {
  id: number;
  code: string;
  names: Record<NameLanguage, string>;
  subType: GameSubType | null;
  hot: boolean;
  isNew: boolean;
  freePlay: boolean;
  maintenance: boolean;
  popularity: number;
  pvpRooms: number;
  vendorCode: string;
  vendorName: string;
  category: GameCategory;
  /** Every name folded by `foldForSearch`, joined by a newline no folded query contains. */
  haystack: string;
  /** Part of the icon file name: changes when what the art is drawn from changes. */
  artVersion: string;
};

export type GameCatalog = {
  /** In display order: the merchant's vendor order, then each vendor's. */
  games: readonly CatalogGame[];
  byId: ReadonlyMap<number, CatalogGame>;
  /** Games of each category, in display order: lobbies read only their category. */
  byCategory: ReadonlyMap<GameCategory, readonly CatalogGame[]>;
  /** By popularity, most popular first. */
  byPopularity: readonly CatalogGame[];
  languages: readonly string[];
  currency: Currency;
  imageCdns: readonly string[];
};

/**
 * Folds a name or a query for matching: compatibility decomposition (full-width letters become
 * ASCII, accented letters a base letter and a mark), combining marks dropped, lower case, runs of
 * white space as one space, trimmed. Thai and Khmer vowel and tone signs are combining marks too:
 * names and queries lose them alike, so a substring still matches, and a query typed without
 * tone marks finds the name that has them.
 */
export const foldForSearch = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** Loads a merchant's catalog and builds its indexes: one query, a few milliseconds of folding. */
export const loadGameCatalog = async (db: Db, merchantId: number): Promise<GameCatalog> => {
  const [merchant, rows, cdns] = await Promise.all([
    findCatalogMerchant(db, merchantId),
    findCatalogGames(db, merchantId),
    findCdns(db, merchantId),
  ]);
  const games = rows.map((row): CatalogGame => {
    const names = { EN: row.name_en, CN: row.name_cn, TH: row.name_th, KM: row.name_km };
    return {
      id: row.id,
      code: row.game_code,
      names,
      subType: row.sub_type,
      hot: row.is_hot,
      isNew: row.is_new,
      freePlay: row.free_play,
      maintenance: row.maintenance,
      popularity: row.popularity,
      pvpRooms: row.pvp_rooms,
      vendorCode: row.vendor_code,
      vendorName: row.vendor_name,
      category: row.category,
      haystack: Object.values(names).map(foldForSearch).join('\n'),
      artVersion: gameArtVersion({
        id: row.id,
        name: row.name_en,
        vendorName: row.vendor_name,
        category: row.category,
      }),
    };
  });
  const byCategory = new Map<GameCategory, CatalogGame[]>();
  for (const game of games) {
    const list = byCategory.get(game.category);
    if (list) list.push(game);
    else byCategory.set(game.category, [game]);
  }
  return {
    games,
    byId: new Map(games.map((game) => [game.id, game])),
    byCategory,
    byPopularity: [...games].sort((a, b) => b.popularity - a.popularity || a.id - b.id),
    languages: merchant?.languages ?? [],
    currency: {
      currency: merchant?.currency ?? 'THB',
      currencySymbol: merchant?.currency_symbol ?? '',
      currencyDecimals: merchant?.currency_decimals ?? 2,
    },
    imageCdns: cdns.imageCDNs,
  };
};

/**
 * How long a node serves a merchant's catalog from memory before it reloads it in the
 * background: an operator's change (a game or vendor under maintenance) shows within this time
 * on every node, at once on the node that calls `invalidate`. Lists and searches never wait for
 * the database once a catalog is loaded: a stale one answers while the new one loads.
 */
export const CATALOG_TTL_MS = 5_000;

type Entry = { catalog: Promise<GameCatalog>; loadedAt: number; reloading: boolean };

export type GameCatalogCache = {
  get: (merchantId: number) => Promise<GameCatalog>;
  invalidate: (merchantId: number) => void;
};

export const createGameCatalogCache = (
  db: Db,
  now: () => number = () => performance.now(),
): GameCatalogCache => {
  const entries = new Map<number, Entry>();
  const load = (merchantId: number): Entry => {
    const entry: Entry = {
      catalog: loadGameCatalog(db, merchantId),
      loadedAt: now(),
      reloading: false,
    };
    entry.catalog.catch(() => {
      if (entries.get(merchantId) === entry) entries.delete(merchantId);
    });
    entries.set(merchantId, entry);
    return entry;
  };
  return {
    get: (merchantId) => {
      const entry = entries.get(merchantId);
      if (!entry) return load(merchantId).catalog;
      if (now() - entry.loadedAt > CATALOG_TTL_MS && !entry.reloading) {
        entry.reloading = true;
        const next = loadGameCatalog(db, merchantId);
        next.then(
          () => {
            if (entries.get(merchantId) === entry) {
              entries.set(merchantId, { catalog: next, loadedAt: now(), reloading: false });
            }
          },
          () => {
            entry.reloading = false;
          },
        );
      }
      return entry.catalog;
    },
    invalidate: (merchantId) => {
      entries.delete(merchantId);
    },
  };
};

const caches = new WeakMap<Db, GameCatalogCache>();

/** The catalog cache of a database: one per app's database, shared by its routes and callers. */
export const gameCatalogCacheOf = (db: Db): GameCatalogCache => {
  let cache = caches.get(db);
  if (!cache) {
    cache = createGameCatalogCache(db);
    caches.set(db, cache);
  }
  return cache;
};
