import { CATEGORY_ROUTES, GAME_CATEGORIES, type GameMenu } from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { findEnabledVendors, type MerchantVendorRow } from './games.repository.ts';

/** The translation key of a category's name, e.g. `games.category.RNG`. */
const categoryTitle = (category: string): string => `games.category.${category}`;

/**
 * The side menu and home sections (spec section 2): categories in the spec's order, each only
 * if the merchant offers at least one vendor in it.
 */
export const buildGameMenus = (vendors: readonly MerchantVendorRow[]): GameMenu[] =>
  GAME_CATEGORIES.flatMap((category) => {
    const inCategory = vendors.filter((vendor) => vendor.category === category);
    if (inCategory.length === 0) return [];
    return [
      {
        gameCategory: category,
        title: categoryTitle(category),
        route: CATEGORY_ROUTES[category],
        vendors: inCategory.map((vendor) => ({
          vassalage: vendor.code,
          displayName: vendor.display_name,
          gameType: vendor.category,
          maintenance: vendor.maintenance,
        })),
      },
    ];
  });

export const getGameMenus = async (db: Db, merchantId: number): Promise<GameMenu[]> =>
  buildGameMenus(await findEnabledVendors(db, merchantId));
