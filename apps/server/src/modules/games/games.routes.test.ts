// Proves the game menus: categories in the spec's order, only those where the merchant offers a
// vendor, with each merchant's own vendors and their maintenance flags.
import { GAME_CATEGORIES, type Envelope, type GameMenu } from '@lanna/contract';
import { describe, expect, it } from 'vitest';
import { buildGameMenus } from './games.service.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

const world = useTestApp();

const menusOf = async (host: string): Promise<GameMenu[]> => {
  const response = await world.app.inject({
    method: 'GET',
    url: '/lgw/games/game_menus',
    headers: { host },
  });
  expect(response.statusCode).toBe(200);
  return response.json<Envelope<{ menus: GameMenu[] }>>().value.menus;
};

describe('GET /lgw/games/game_menus', () => {
  it('lists every category, in the contract order, for a merchant with vendors in all of them', async () => {
    const menus = await menusOf('localhost');
    expect(menus.map((menu) => menu.gameCategory)).toEqual([...GAME_CATEGORIES]);
    expect(menus.flatMap((menu) => menu.vendors).length).toBeGreaterThanOrEqual(30);
    const cockfight = menus.find((menu) => menu.gameCategory === 'COCKFIGHT');
    expect(cockfight).toMatchObject({ route: '/cockfight', title: 'games.category.COCKFIGHT' });
    expect(cockfight?.vendors.map((vendor) => vendor.vassalage)).toContain('DS88');
  });

  it('skips a category where the merchant offers no vendor, keeping the order of the rest', async () => {
    const menus = await menusOf('siam.localhost');
    const categories = menus.map((menu) => menu.gameCategory);
    expect(categories).not.toContain('ESPORTS');
    expect(categories).toEqual(GAME_CATEGORIES.filter((category) => categories.includes(category)));
    expect(menus[0]?.vendors.map((vendor) => vendor.vassalage)).toEqual([
      'PG',
      'LANNA',
      'JILI',
      'PP',
    ]);
  });

  it('marks a vendor under maintenance', async () => {
    const fish = (await menusOf('localhost')).find((menu) => menu.gameCategory === 'FISH');
    expect(fish?.vendors.find((vendor) => vendor.vassalage === 'CQ9')?.maintenance).toBe(true);
    expect(fish?.vendors.find((vendor) => vendor.vassalage === 'JILI')?.maintenance).toBe(false);
  });

  it('leaves out a vendor the merchant switched off', async () => {
    await world.db.query(
      `UPDATE merchant_vendors SET enabled = false
       WHERE merchant_id = (SELECT id FROM merchants WHERE code = 'siam')
         AND vendor_id IN (SELECT id FROM vendors WHERE category = 'COCKFIGHT')`,
    );
    expect((await menusOf('siam.localhost')).map((menu) => menu.gameCategory)).not.toContain(
      'COCKFIGHT',
    );
  });
});

describe('buildGameMenus', () => {
  it('answers no menus for no vendors', () => {
    expect(buildGameMenus([])).toEqual([]);
  });
});
