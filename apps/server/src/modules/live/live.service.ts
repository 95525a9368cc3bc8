import type { GameCategory, Language, LiveFigures, WinnerBoard, WinnerVo } from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { cachePerDatabase } from '../../shared/cache.ts';
import { countOnlineMembers } from '../auth/index.ts';
import { MEDIA_PATH } from '../content/index.ts';
import { gameCatalogCacheOf, type CatalogGame, type GameCatalog } from '../games/index.ts';
import * as repository from './live.repository.ts';
import { maskWinnerName } from './mask-name.ts';

/**
 * Every visitor's home page polls these figures, so a node answers them from memory for a few
 * seconds: a new win or sign-in shows within that time. Per database, so test apps on fresh
 * databases never share them.
 */
export const LIVE_CACHE_TTL_MS = 3_000;

const winnersOf = cachePerDatabase<string, WinnerBoard>({
  max: 10_000,
  staleMs: LIVE_CACHE_TTL_MS,
});
const figuresOf = cachePerDatabase<number, LiveFigures>({
  max: 10_000,
  staleMs: LIVE_CACHE_TTL_MS,
});

/** Drops the cached figures at once (tests that change sessions or rounds and read again). */
export const clearLiveCaches = (db: Db): void => {
  winnersOf(db).clear();
  figuresOf(db).clear();
};

// Rounds read per board: enough that games the merchant no longer offers, or another
// category's under a category filter, still leave a full board in the usual case.
const CANDIDATE_ROUNDS = 200;

type NameLanguage = keyof CatalogGame['names'];
const nameLanguage = (language: Language | undefined): NameLanguage =>
  language === 'CN' || language === 'TH' || language === 'KM' ? language : 'EN';

/** The game's card art, as the game lists point at it (games module, generated SVG). */
const iconUrlOf = (catalog: GameCatalog, game: CatalogGame): string => {
  const base = (catalog.imageCdns[0] ?? MEDIA_PATH).replace(/\/+$/, '');
  return `${base}/games/${game.id}-${game.artVersion}.svg`;
};

const gamesByKey = (catalog: GameCatalog): Map<string, CatalogGame> =>
  new Map(catalog.games.map((game) => [`${game.vendorCode}\n${game.code}`, game]));

export type WinnerQuery = {
  gameCategory: 'ALL' | GameCategory;
  language?: Language | undefined;
  limitNum: number;
};

const loadWinners = async (
  db: Db,
  merchantId: number,
  query: WinnerQuery,
): Promise<WinnerBoard> => {
  const catalog = await gameCatalogCacheOf(db).get(merchantId);
  const rows = await repository.findWinningRounds(db, merchantId, CANDIDATE_ROUNDS);
  const games = gamesByKey(catalog);
  const language = nameLanguage(query.language);
  const list: { vo: WinnerVo }[] = [];
  for (const row of rows) {
    const game = games.get(`${row.vendor_code}\n${row.game_code}`);
    // A game the merchant no longer offers has no name or art to show: left out.
    if (!game) continue;
    if (query.gameCategory !== 'ALL' && game.category !== query.gameCategory) continue;
    list.push({
      vo: {
        customerName: maskWinnerName(row.username),
        winAmountMinor: row.credit_minor,
        gameName: game.names[language],
        iconUrl: iconUrlOf(catalog, game),
        gameId: game.code,
        gameType: game.category,
        vassalage: game.vendorCode,
        wonAt: row.closed_at.toISOString(),
      },
    });
    if (list.length >= query.limitNum) break;
  }
  return { ...catalog.currency, list };
};

/** The winner board (spec section 7, Home group): the latest real wins, names masked. */
export const findWinners = (db: Db, merchantId: number, query: WinnerQuery) =>
  winnersOf(db).get(
    `${merchantId}:${query.gameCategory}:${nameLanguage(query.language)}:${query.limitNum}`,
    () => loadWinners(db, merchantId, query),
  );

/** The right panel's figures: members online now, and what real rounds have paid in all. */
export const getLiveFigures = (
  db: Db,
  merchantId: number,
  context: { now: Date; idleMinutes: number },
): Promise<LiveFigures> =>
  figuresOf(db).get(merchantId, async () => {
    const idleSince = new Date(context.now.getTime() - context.idleMinutes * 60_000);
    // One after the other: outside a transaction PGlite still serves one query at a time.
    const catalog = await gameCatalogCacheOf(db).get(merchantId);
    const onlineCount = await countOnlineMembers(db, merchantId, context.now, idleSince);
    const cumulativeWinningsMinor = await repository.sumWinnings(db, merchantId);
    return {
      ...catalog.currency,
      onlineCount,
      cumulativeWinningsMinor,
      readAt: context.now.toISOString(),
    };
  });
