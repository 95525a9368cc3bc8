import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { renderGameSvg } from './game-art.ts';
import { gameCatalogCacheOf } from './game-catalog.ts';

export type GameImage = { svg: string; etag: string; current: boolean };

const FILE = /^(\d{1,9})-([A-Za-z0-9_-]{10})(\.large)?\.svg$/;

/**
 * The artwork of a game the merchant offers, from a file name `<id>-<version>[.large].svg`.
 * An older version still answers (a page may hold an old URL) with the current art, marked not
 * current so it is not cached for good; NOT_FOUND for a game the merchant does not offer.
 */
export const renderGameArt = async (
  db: Db,
  merchantId: number,
  file: string,
): Promise<GameImage> => {
  const match = FILE.exec(file);
  if (!match?.[1]) throw new AppError('NOT_FOUND');
  const catalog = await gameCatalogCacheOf(db).get(merchantId);
  const game = catalog.byId.get(Number(match[1]));
  if (!game) throw new AppError('NOT_FOUND');
  const svg = renderGameSvg(
    { id: game.id, name: game.names.EN, vendorName: game.vendorName, category: game.category },
    match[3] ? 'large' : 'icon',
  );
  const etag = `"${createHash('sha256').update(svg).digest('base64url').slice(0, 27)}"`;
  return { svg, etag, current: match[2] === game.artVersion };
};
