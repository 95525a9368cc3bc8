import type { Currency, GameCategory, GameSubType } from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { createCache, type Cache } from '../../shared/cache.ts';
import { findCdns } from '../content/index.ts';
import { getMerchantBrand } from '../system/index.ts';
import { gameArtVersion } from './game-art.ts';
import { buildNameIndex, type NameIndex } from './name-index.ts';
import { findCatalogVersion, findCatalogGames, type CatalogGameRow } from './games.repository.ts';

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
  /** Games of each vendor code (all its categories), in display order. */
  byVendor: ReadonlyMap<string, readonly CatalogGame[]>;
  /** By popularity, most popular first. */
  byPopularity: readonly CatalogGame[];
  languages: readonly string[];
  currency: Currency;
  imageCdns: readonly string[];
  /** The catalog version it was built at (`findCatalogVersion`): unchanged, no reload. */
  version: string;
  /** Folded names and art versions by game id, for the next reload to reuse. */
  derived: ReadonlyMap<number, Derived>;
  /** The games whose folded names contain a folded query, in display order. */
  search: (needle: string) => CatalogGame[];
  nameIndex: () => NameIndex;
  /**
   * A filter's games, by the filter: the catalog never changes (a change loads a new one, with
   * an empty cache), so a repeated search or lobby is answered from here.
   */
  matches: Cache<string, readonly CatalogGame[]>;
};

// Filters kept per merchant: a name search of a 20,000-game catalog holds at most 20,000
// references (160 kB), so the bound keeps a merchant's matches under a few tens of MB.
const MATCHES_MAX = 256;

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

/** What the folded names and the art version are computed from: reused while it is the same. */
const derivedKey = (row: CatalogGameRow): string =>
  `${row.name_en}\n${row.name_cn}\n${row.name_th}\n${row.name_km}\n${row.vendor_name}\n${row.category}`;

type Derived = { key: string; haystack: string; artVersion: string };

const deriveOf = (row: CatalogGameRow, previous: ReadonlyMap<number, Derived>): Derived => {
  const key = derivedKey(row);
  const known = previous.get(row.id);
  if (known?.key === key) return known;
  return {
    key,
    haystack: [row.name_en, row.name_cn, row.name_th, row.name_km].map(foldForSearch).join('\n'),
    artVersion: gameArtVersion({
      id: row.id,
      name: row.name_en,
      vendorName: row.vendor_name,
      category: row.category,
    }),
  };
};

/**
 * Loads a merchant's catalog and builds its indexes. Folding the names and hashing the art
 * version are the costly part; a reload reuses them from `previous` for every unchanged game.
 */
export const loadGameCatalog = async (
  db: Db,
  merchantId: number,
  previous?: GameCatalog,
): Promise<GameCatalog> => {
  // Read before the rows, never beside them: a change committed in between then leaves this
  // catalog an older version than the database's, and the next check reloads it.
  const version = await findCatalogVersion(db);
  const [merchant, rows, cdns] = await Promise.all([
    getMerchantBrand(db, merchantId),
    findCatalogGames(db, merchantId),
    findCdns(db, merchantId),
  ]);
  const derivedBefore = previous?.derived ?? new Map<number, Derived>();
  const derived = new Map<number, Derived>();
  const games = rows.map((row): CatalogGame => {
    const names = { EN: row.name_en, CN: row.name_cn, TH: row.name_th, KM: row.name_km };
    const extra = deriveOf(row, derivedBefore);
    derived.set(row.id, extra);
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
      haystack: extra.haystack,
      artVersion: extra.artVersion,
    };
  });
  const unchanged =
    previous !== undefined &&
    previous.games.length === games.length &&
    games.every(
      (game, i) =>
        previous.games[i]?.id === game.id && derivedBefore.get(game.id) === derived.get(game.id),
    );
  // Built on the first search, not at load: a reload of an unchanged catalog keeps the old one.
  let index: NameIndex | undefined = unchanged ? previous.nameIndex() : undefined;
  const nameIndex = (): NameIndex => {
    index ??= buildNameIndex(games.map((game) => game.haystack));
    return index;
  };
  const byCategory = new Map<GameCategory, CatalogGame[]>();
  const byVendor = new Map<string, CatalogGame[]>();
  for (const game of games) {
    const inCategory = byCategory.get(game.category);
    if (inCategory) inCategory.push(game);
    else byCategory.set(game.category, [game]);
    const ofVendor = byVendor.get(game.vendorCode);
    if (ofVendor) ofVendor.push(game);
    else byVendor.set(game.vendorCode, [game]);
  }
  return {
    games,
    byId: new Map(games.map((game) => [game.id, game])),
    byCategory,
    byVendor,
    byPopularity: [...games].sort((a, b) => b.popularity - a.popularity || a.id - b.id),
    languages: merchant.languages,
    currency: {
      currency: merchant.currency,
      currencySymbol: merchant.currencySymbol,
      currencyDecimals: merchant.currencyDecimals,
    },
    imageCdns: cdns.imageCDNs,
    version,
    derived,
    nameIndex,
    search: (needle) =>
      nameIndex()
        .find(needle)
        .flatMap((position) => games[position] ?? []),
    matches: createCache({ max: MATCHES_MAX, staleMs: 'never' }),
  };
};

/**
 * How often a node asks whether a merchant's catalog changed: an operator's change (a game or
 * vendor under maintenance) shows within this time on every node, at once on the node that
 * calls `invalidate`. The question is the catalog version (one row); only a changed version
 * reloads the games, in the background, while the stale catalog answers:
 * lists and searches never wait for the database once a catalog is loaded.
 */
export const CATALOG_TTL_MS = 5_000;

// Catalogs kept: one per merchant of the installation.
const MAX_MERCHANTS = 1_000;

export type GameCatalogCache = {
  get: (merchantId: number) => Promise<GameCatalog>;
  invalidate: (merchantId: number) => void;
  /** Drops every merchant's catalog: games and vendors are shared by all merchants. */
  invalidateAll: () => void;
};

export const createGameCatalogCache = (
  db: Db,
  now: () => number = () => performance.now(),
): GameCatalogCache => {
  // A catalog is replaced only by a newer one or dropped by `invalidate`, never aged out.
  const catalogs = createCache<number, GameCatalog>({ max: MAX_MERCHANTS, staleMs: 'never' });
  // The version each catalog was last found current at: once stale, the next read checks again.
  const checks = createCache<number, string>({ max: MAX_MERCHANTS, staleMs: CATALOG_TTL_MS, now });
  // Moves on every invalidation, so a reload begun before one never replaces what follows it.
  let generation = 0;

  const load = async (merchantId: number): Promise<GameCatalog> => {
    const catalog = await loadGameCatalog(db, merchantId);
    checks.set(merchantId, catalog.version);
    return catalog;
  };
  const check = async (merchantId: number, current: GameCatalog): Promise<string> => {
    const startedAt = generation;
    const version = await findCatalogVersion(db);
    if (version === current.version) return version;
    const next = await loadGameCatalog(db, merchantId, current);
    if (generation === startedAt) catalogs.set(merchantId, next);
    return next.version;
  };
  return {
    get: async (merchantId) => {
      const catalog = await catalogs.get(merchantId, () => load(merchantId));
      // Not awaited: the catalog at hand answers while the check runs; a failed one is retried.
      checks.get(merchantId, () => check(merchantId, catalog)).catch(() => undefined);
      return catalog;
    },
    invalidate: (merchantId) => {
      generation += 1;
      catalogs.delete(merchantId);
      checks.delete(merchantId);
    },
    invalidateAll: () => {
      generation += 1;
      catalogs.clear();
      checks.clear();
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
