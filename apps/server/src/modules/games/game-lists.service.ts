import { randomInt } from 'node:crypto';
import {
  findGames as findGamesEndpoint,
  GAME_CATEGORIES,
  GAME_SUB_TYPES,
  HOT_LIST_LIMIT,
  MAX_FAVOURITES,
  MAX_RECENT_GAMES,
  PVP_ROOM_TIERS,
  totalPagesOf,
  type GameCard,
  type GameCategory,
  type GameClassify,
  type GameSubType,
  type Language,
  type PvpRoom,
  type ValueOf,
  type VendorLane,
} from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { MEDIA_PATH } from '../content/index.ts';
import {
  foldForSearch,
  gameCatalogCacheOf,
  type CatalogGame,
  type GameCatalog,
  type NameLanguage,
} from './game-catalog.ts';
import * as repository from './games.repository.ts';

/** Where the generated game artwork is served under the merchant's media tree. */
export const GAME_ART_PATH = `${MEDIA_PATH}/games`;

const nameLanguage = (language: Language | undefined): NameLanguage =>
  language === 'CN' || language === 'TH' || language === 'KM' ? language : 'EN';

/**
 * One base URL for a response's images: a random image CDN of the merchant (spec section 9),
 * drawn with the CSPRNG; the server's own media path when the merchant lists none.
 */
const imageBaseOf = ({ imageCdns }: GameCatalog): string => {
  const base = imageCdns.length > 0 ? imageCdns[randomInt(imageCdns.length)] : undefined;
  // The CDN base stands for the server's media path, as banners use it.
  return `${(base ?? MEDIA_PATH).replace(/\/+$/, '')}/games`;
};

type CardContext = { base: string; language: NameLanguage };

export const toGameCard = (game: CatalogGame, { base, language }: CardContext): GameCard => {
  const file = `${game.id}-${game.artVersion}`;
  return {
    nodeId: game.id,
    nodeName: game.names.EN,
    gameName: game.names[language],
    displayName: game.vendorName,
    showIcon: `/games/${file}.svg`,
    iconUrl: `${base}/${file}.svg`,
    lagerIcon: `${base}/${file}.large.svg`,
    vassalage: game.vendorCode,
    gameType: game.category,
    gameId: game.code,
    gameClassify: game.subType,
    isHot: game.hot ? 1 : 0,
    isNew: game.isNew ? 1 : 0,
    supportPlay: game.freePlay ? 0 : 1,
    freeplay: game.freePlay ? 1 : 0,
    maintenance: game.maintenance,
  };
};

const catalogOf = (db: Db, merchantId: number): Promise<GameCatalog> =>
  gameCatalogCacheOf(db).get(merchantId);

/** BG (bingo) is a sub-type only where the merchant supports the TY language (spec section 3). */
const offersBingo = (catalog: GameCatalog): boolean => catalog.languages.includes('TY');

export type GameFilter = {
  gameType?: GameCategory | undefined;
  vassalage?: string | undefined;
  isNew?: '0' | '1' | undefined;
  gameClassify?: GameClassify | undefined;
  gameName?: string | undefined;
};

const matchesClassify = (game: CatalogGame, classify: GameClassify | undefined): boolean => {
  switch (classify) {
    case undefined:
    case 'ALL':
      return true;
    case 'HOT':
      return game.hot;
    case 'NEW':
      return game.isNew;
    default:
      return game.subType === classify;
  }
};

/** The games of a filter, in display order; the name is searched in the folded index. */
const matchGames = (
  catalog: GameCatalog,
  filter: GameFilter,
  needle: string,
): readonly CatalogGame[] => {
  // The narrowest list the filter allows; the checks below apply the rest of it.
  const source =
    needle !== ''
      ? catalog.search(needle)
      : filter.vassalage !== undefined
        ? (catalog.byVendor.get(filter.vassalage) ?? [])
        : filter.gameType
          ? (catalog.byCategory.get(filter.gameType) ?? [])
          : catalog.games;
  const wantNew = filter.isNew === '1' ? true : filter.isNew === '0' ? false : undefined;
  const classify =
    filter.gameClassify === 'BG' && !offersBingo(catalog) ? null : filter.gameClassify;
  if (classify === null) return [];
  return source.filter(
    (game) =>
      (!filter.gameType || game.category === filter.gameType) &&
      (filter.vassalage === undefined || game.vendorCode === filter.vassalage) &&
      (wantNew === undefined || game.isNew === wantNew) &&
      matchesClassify(game, classify),
  );
};

/** Everything of a filter that decides its games, folded: equal keys, equal games. */
const filterKeyOf = (filter: GameFilter, needle: string): string =>
  JSON.stringify([filter.gameType, filter.vassalage, filter.isNew, filter.gameClassify, needle]);

/** The games of a filter, remembered by the catalog for the next visitor asking the same. */
export const filterGames = (
  catalog: GameCatalog,
  filter: GameFilter,
): Promise<readonly CatalogGame[]> => {
  const needle = filter.gameName === undefined ? '' : foldForSearch(filter.gameName);
  return catalog.matches.get(filterKeyOf(filter, needle), () =>
    Promise.resolve(matchGames(catalog, filter, needle)),
  );
};

type Page = { pageNo: number; pageSize: number };

/** One page of a list; past the last page an empty list with the real page count. */
const pageOfList = <T>(list: readonly T[], page: Page): { rows: T[]; totalPages: number } => ({
  rows: list.slice((page.pageNo - 1) * page.pageSize, page.pageNo * page.pageSize),
  totalPages: totalPagesOf(list.length, page.pageSize),
});

type FindGamesQuery = GameFilter &
  Page & { merchant?: string | undefined; language?: Language | undefined };

/** One page of the games list; the image base is drawn per response. */
export const findGames = async (
  db: Db,
  merchant: { id: number; code: string },
  query: FindGamesQuery,
): Promise<ValueOf<typeof findGamesEndpoint>> => {
  // The spec's call names the merchant; another merchant's code is not found on this site.
  if (query.merchant !== undefined && query.merchant !== merchant.code) {
    throw new AppError('MERCHANT_NOT_FOUND');
  }
  const catalog = await catalogOf(db, merchant.id);
  const base = imageBaseOf(catalog);
  const language = nameLanguage(query.language);
  const matched = await filterGames(catalog, query);
  const { rows, totalPages } = pageOfList(matched, query);
  return {
    games: rows.map((game) => toGameCard(game, { base, language })),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    total: matched.length,
    totalPages,
  };
};

/** The sub-types a set of games holds, in the spec's order (BG only where TY is supported). */
const subTypesOf = (catalog: GameCatalog, games: readonly CatalogGame[]): GameSubType[] => {
  const present = new Set(games.map((game) => game.subType));
  return GAME_SUB_TYPES.filter(
    (type) => present.has(type) && (type !== 'BG' || offersBingo(catalog)),
  );
};

export const findGameVendors = async (
  db: Db,
  merchantId: number,
  gameType: GameCategory | undefined,
): Promise<VendorLane[]> => {
  const [catalog, vendors] = await Promise.all([
    catalogOf(db, merchantId),
    repository.findEnabledVendors(db, merchantId),
  ]);
  return GAME_CATEGORIES.filter((category) => !gameType || category === gameType).flatMap(
    (category) => {
      const inCategory = vendors.filter((vendor) => vendor.category === category);
      if (inCategory.length === 0) return [];
      const games = catalog.byCategory.get(category) ?? [];
      return [
        {
          gameType: category,
          vendors: inCategory.map((vendor) => {
            const own = games.filter((game) => game.vendorCode === vendor.code);
            return {
              vassalage: vendor.code,
              displayName: vendor.display_name,
              gameType: category,
              maintenance: vendor.maintenance,
              gameCount: own.length,
              gameClassify: subTypesOf(catalog, own),
            };
          }),
        },
      ];
    },
  );
};

/** Classify entries with counts: ALL, HOT, NEW (RNG only), then the sub-types present. */
export const findVassalageGameTypes = async (
  db: Db,
  merchantId: number,
  query: { gameType: GameCategory; vassalage?: string | undefined },
) => {
  const catalog = await catalogOf(db, merchantId);
  const games = await filterGames(catalog, query);
  const entries: { gameClassify: GameClassify; count: number }[] = [
    { gameClassify: 'ALL', count: games.length },
    { gameClassify: 'HOT', count: games.filter((game) => game.hot).length },
  ];
  if (query.gameType === 'RNG') {
    entries.push({ gameClassify: 'NEW', count: games.filter((game) => game.isNew).length });
  }
  for (const type of subTypesOf(catalog, games)) {
    entries.push({
      gameClassify: type,
      count: games.filter((game) => game.subType === type).length,
    });
  }
  return { list: entries };
};

type ListQuery = {
  gameType?: GameCategory | undefined;
  vassalage?: string | undefined;
  language?: Language | undefined;
};

export const findHotGames = async (db: Db, merchantId: number, query: ListQuery) => {
  const catalog = await catalogOf(db, merchantId);
  const base = imageBaseOf(catalog);
  const context = { base, language: nameLanguage(query.language) };
  const list = catalog.byPopularity
    .filter(
      (game) =>
        game.hot &&
        (!query.gameType || game.category === query.gameType) &&
        (!query.vassalage || game.vendorCode === query.vassalage),
    )
    .slice(0, HOT_LIST_LIMIT);
  return { list: list.map((game) => toGameCard(game, context)) };
};

export const findPopularGames = async (
  db: Db,
  merchantId: number,
  query: ListQuery & { limit: number },
) => {
  const catalog = await catalogOf(db, merchantId);
  const base = imageBaseOf(catalog);
  const context = { base, language: nameLanguage(query.language) };
  const list = catalog.byPopularity
    .filter((game) => !query.gameType || game.category === query.gameType)
    .slice(0, query.limit);
  return { list: list.map((game) => toGameCard(game, context)) };
};

/** Ids the member keeps that the merchant still offers, in the member's order, filtered. */
const gamesOfIds = (
  catalog: GameCatalog,
  ids: readonly number[],
  query: { gameType?: GameCategory | undefined; vassalage?: string | undefined },
): CatalogGame[] =>
  ids.flatMap((id) => {
    const game = catalog.byId.get(id);
    if (!game) return [];
    if (query.gameType && game.category !== query.gameType) return [];
    if (query.vassalage && game.vendorCode !== query.vassalage) return [];
    return [game];
  });

export const findFavouriteIds = async (db: Db, merchantId: number, memberId: number) => {
  const [catalog, ids] = await Promise.all([
    catalogOf(db, merchantId),
    repository.findFavouriteIds(db, memberId),
  ]);
  return { ids: ids.filter((id) => catalog.byId.has(id)) };
};

export const findFavouriteGames = async (
  db: Db,
  merchantId: number,
  memberId: number,
  query: ListQuery & Page,
) => {
  const [catalog, ids] = await Promise.all([
    catalogOf(db, merchantId),
    repository.findFavouriteIds(db, memberId),
  ]);
  const base = imageBaseOf(catalog);
  const { rows, totalPages } = pageOfList(gamesOfIds(catalog, ids, query), query);
  const context = { base, language: nameLanguage(query.language) };
  return {
    content: rows.map((game) => toGameCard(game, context)),
    pageNum: query.pageNo,
    totalPages,
  };
};

export const addFavourite = async (
  db: Db,
  merchantId: number,
  memberId: number,
  body: { nodeId: number; vendor: string; gameType: GameCategory },
) => {
  const catalog = await catalogOf(db, merchantId);
  const game = catalog.byId.get(body.nodeId);
  if (!game || game.vendorCode !== body.vendor || game.category !== body.gameType) {
    throw new AppError('GAME_NOT_FOUND');
  }
  const result = await repository.insertFavourite(db, {
    merchantId,
    memberId,
    gameId: game.id,
    max: MAX_FAVOURITES,
  });
  if (result.added === 'full') throw new AppError('FAVOURITES_FULL');
  return { added: result.added, count: result.count };
};

export const removeFavourite = (db: Db, memberId: number, nodeId: number) =>
  repository.deleteFavourite(db, memberId, nodeId);

export const findRecentGames = async (
  db: Db,
  merchantId: number,
  memberId: number,
  query: ListQuery & { page: number; pageSize: number },
) => {
  const [catalog, ids] = await Promise.all([
    catalogOf(db, merchantId),
    repository.findRecentIds(db, memberId),
  ]);
  const base = imageBaseOf(catalog);
  const { rows, totalPages } = pageOfList(gamesOfIds(catalog, ids, query), {
    pageNo: query.page,
    pageSize: query.pageSize,
  });
  const context = { base, language: nameLanguage(query.language) };
  return { list: rows.map((game) => toGameCard(game, context)), page: query.page, totalPages };
};

/**
 * Records a launch in the member's recent games (the launch code calls it through the module
 * index once the launch is accepted). GAME_NOT_FOUND for a game the merchant does not offer.
 */
export const recordRecentGame = async (
  db: Db,
  recent: { merchantId: number; memberId: number; nodeId: number; at: Date },
): Promise<void> => {
  const catalog = await catalogOf(db, recent.merchantId);
  if (!catalog.byId.has(recent.nodeId)) throw new AppError('GAME_NOT_FOUND');
  await repository.upsertRecent(db, {
    merchantId: recent.merchantId,
    memberId: recent.memberId,
    gameId: recent.nodeId,
    at: recent.at,
    max: MAX_RECENT_GAMES,
  });
};

/**
 * Records a launch by the vendor's code of the game, as the launch knows it; answers whether
 * the catalog lists the game (one it does not list has no card to show among recent games).
 */
export const recordRecentLaunch = async (
  db: Db,
  launch: { merchantId: number; memberId: number; vendorCode: string; gameCode: string; at: Date },
): Promise<boolean> => {
  const catalog = await catalogOf(db, launch.merchantId);
  const game = catalog.games.find(
    (entry) => entry.vendorCode === launch.vendorCode && entry.code === launch.gameCode,
  );
  if (!game) return false;
  await repository.upsertRecent(db, {
    merchantId: launch.merchantId,
    memberId: launch.memberId,
    gameId: game.id,
    at: launch.at,
    max: MAX_RECENT_GAMES,
  });
  return true;
};

/** Stakes of each room tier in major units of the currency, cheapest first; max is 100x min. */
const TIER_MIN_BET_MAJOR = [1n, 10n, 50n, 200n, 1_000n, 5_000n] as const;

/** The rooms of the PVP games: each game has its first `pvpRooms` tiers, six seats a table. */
export const findPvpRooms = async (
  db: Db,
  merchantId: number,
  query: {
    vassalage?: string | undefined;
    nodeId?: number | undefined;
    language?: Language | undefined;
  },
) => {
  const catalog = await catalogOf(db, merchantId);
  const language = nameLanguage(query.language);
  const unit = 10n ** BigInt(catalog.currency.currencyDecimals);
  const games = (catalog.byCategory.get('PVP') ?? []).filter(
    (game) =>
      (!query.vassalage || game.vendorCode === query.vassalage) &&
      (!query.nodeId || game.id === query.nodeId),
  );
  const list = games.flatMap((game) =>
    PVP_ROOM_TIERS.slice(0, game.pvpRooms).map((tier, index): PvpRoom => {
      const minBet = (TIER_MIN_BET_MAJOR[index] ?? 1n) * unit;
      return {
        roomId: `${game.id}-${tier}`,
        nodeId: game.id,
        gameId: game.code,
        gameName: game.names[language],
        vassalage: game.vendorCode,
        tier,
        minBet: minBet.toString(),
        maxBet: (minBet * 100n).toString(),
        seats: 6,
        maintenance: game.maintenance,
      };
    }),
  );
  return { list, ...catalog.currency };
};
