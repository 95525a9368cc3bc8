import {
  CATEGORY_ROUTES,
  HOUSE_VENDOR_CODE,
  type GameCategory,
  type LaunchGame,
} from '@lanna/contract';
import { HOUSE_GAMES } from '@lanna/contract/games/house-games';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import {
  getMerchantBrand,
  isUnderMaintenance,
  getAccessSettings,
  type MerchantRef,
} from '../system/index.ts';
import { gameCatalogCacheOf } from './game-catalog.ts';
import { recordRecentLaunch } from './game-lists.service.ts';
import { findEnabledVendors } from './games.repository.ts';

// A launch is one sitting; the vendor's wins and rollbacks never need the token anyway.
const SESSION_MS = 12 * 3_600_000;

/**
 * The vendor-wallet module's session issuer, passed in by app.ts: vendor-wallet reads the games
 * module's vendors, so games does not import vendor-wallet (architecture.md, Boundaries).
 */
export type IssueVendorSession = (
  db: Db,
  launch: {
    merchantId: number;
    memberId: number;
    vendorCode: string;
    gameCode: string;
    expiresAt: Date;
    now: Date;
  },
) => Promise<{ playerId: string; token: string }>;

/**
 * The games a vendor can open. Only the house vendor (apps/house-vendor) is a running provider;
 * another vendor's games have no launch address until its adapter exists.
 */
const launchableGame = async (db: Db, merchantId: number, vendorCode: string, gameCode: string) => {
  const vendor = (await findEnabledVendors(db, merchantId)).find((row) => row.code === vendorCode);
  const game = HOUSE_GAMES.find((entry) => entry.code === gameCode);
  if (!vendor || vendorCode !== HOUSE_VENDOR_CODE || !game) throw new AppError('NOT_FOUND');
  if (vendor.maintenance) throw new AppError('MAINTENANCE');
  // One game can be under maintenance while its vendor plays on (an operator's switch).
  const catalog = await gameCatalogCacheOf(db).get(merchantId);
  const card = catalog.byVendor.get(vendorCode)?.find((entry) => entry.code === game.code);
  if (card?.maintenance) throw new AppError('MAINTENANCE');
  return { game, category: vendor.category };
};

/**
 * What the game page needs of the site around it: where its back button returns (the lobby of
 * the vendor's category, opened on the vendor, at the origin the member launched from) and the
 * merchant's time zone, in which it shows round times (issue 29).
 */
const siteParams = (siteOrigin: string, category: GameCategory, timeZone: string) => ({
  backUrl: `${siteOrigin}${CATEGORY_ROUTES[category]}?vendor=${HOUSE_VENDOR_CODE}`,
  zone: timeZone,
});

const gameUrl = (base: string, gameCode: string, params: Record<string, string>): string => {
  const url = new URL(`/games/${encodeURIComponent(gameCode)}`, base);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
};

const refuseMaintenance = async (db: Db, merchantId: number, now: Date) => {
  const { maintenance } = await getAccessSettings(db, merchantId);
  if (isUnderMaintenance(maintenance, now)) throw new AppError('MAINTENANCE');
};

/**
 * A launch with the member's wallet: a vendor session (player token) and the vendor's game page
 * with it. A trial member's sitting is play money (decision 017): the vendor wallet API makes
 * its rounds play money against the house trial account, so it opens only a game that offers
 * free play, and it is no recent game.
 */
export const launchForMember = async (
  db: Db,
  launch: {
    merchant: MerchantRef;
    memberId: number;
    trial: boolean;
    vendorCode: string;
    gameCode: string;
    houseVendorUrl: string;
    /** The site's origin as the member's browser reached it (scheme, host and port). */
    siteOrigin: string;
    now: Date;
  },
  issueVendorSession: IssueVendorSession,
): Promise<LaunchGame> => {
  const { game, category } = await launchableGame(
    db,
    launch.merchant.id,
    launch.vendorCode,
    launch.gameCode,
  );
  if (launch.trial && !game.freeplay) throw new AppError('TRIAL_ACCOUNT_FORBIDDEN');
  await refuseMaintenance(db, launch.merchant.id, launch.now);
  const brand = await getMerchantBrand(db, launch.merchant.id);
  const session = await issueVendorSession(db, {
    merchantId: launch.merchant.id,
    memberId: launch.memberId,
    vendorCode: launch.vendorCode,
    gameCode: game.code,
    expiresAt: new Date(launch.now.getTime() + SESSION_MS),
    now: launch.now,
  });
  // The member's recent games (spec section 7, recent list) show what was launched.
  if (!launch.trial)
    await recordRecentLaunch(db, {
      merchantId: launch.merchant.id,
      memberId: launch.memberId,
      vendorCode: launch.vendorCode,
      gameCode: game.code,
      at: launch.now,
    });
  return {
    url: gameUrl(launch.houseVendorUrl, game.code, {
      mode: 'real',
      merchant: launch.merchant.code,
      currency: brand.currency,
      decimals: String(brand.currencyDecimals),
      playerId: session.playerId,
      token: session.token,
      // Shown on the game page only: a trial's wallet holds the merchant's play money.
      ...(launch.trial ? { money: 'play' } : {}),
      ...siteParams(launch.siteOrigin, category, brand.timeZone),
    }),
    vassalage: launch.vendorCode,
    gameCode: game.code,
    freeplay: launch.trial,
  };
};

/** A free-play launch: no token, so the vendor plays with its own play money. */
export const launchFreePlay = async (
  db: Db,
  launch: {
    merchant: MerchantRef;
    vendorCode: string;
    gameCode: string;
    houseVendorUrl: string;
    siteOrigin: string;
    now: Date;
  },
): Promise<LaunchGame> => {
  const { game, category } = await launchableGame(
    db,
    launch.merchant.id,
    launch.vendorCode,
    launch.gameCode,
  );
  if (!game.freeplay) throw new AppError('FORBIDDEN');
  await refuseMaintenance(db, launch.merchant.id, launch.now);
  const brand = await getMerchantBrand(db, launch.merchant.id);
  return {
    url: gameUrl(launch.houseVendorUrl, game.code, {
      mode: 'free',
      merchant: launch.merchant.code,
      currency: brand.currency,
      decimals: String(brand.currencyDecimals),
      ...siteParams(launch.siteOrigin, category, brand.timeZone),
    }),
    vassalage: launch.vendorCode,
    gameCode: game.code,
    freeplay: true,
  };
};
