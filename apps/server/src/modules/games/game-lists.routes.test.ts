// Proves the game calls of spec section 7 on the seeded catalog as a player and an attacker meet
// them: lobby pages and their edges, classify entries, name search in every language, vendors,
// hot and popular lists, favourites and recent games per member, PVP rooms and the artwork.
import {
  GAME_CATEGORIES,
  MAX_FAVOURITES,
  type Envelope,
  type ErrorEnvelope,
  type GameCard,
} from '@lanna/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, loginAs, openTestDb, type TestDb } from '../../testing/index.ts';
import { gameCatalogCacheOf, recordRecentGame } from './index.ts';

let testDb: TestDb;
let app: FastifyInstance;
let memberToken: string;
let agentToken: string;
let trialToken: string;
let lannaId: number;
let memberId: number;

const PASSWORD = 'Demo@12345';

beforeAll(async () => {
  testDb = await openTestDb();
  app = await buildTestApp(testDb.db);
  ({ token: memberToken } = await loginAs(app, { username: 'demo_member', password: PASSWORD }));
  ({ token: agentToken } = await loginAs(app, { username: 'demo_agent', password: PASSWORD }));
  ({ token: trialToken } = await loginAs(app, { username: 'demo_trial', password: PASSWORD }));
  lannaId = (await testDb.db.one<{ id: number }>("SELECT id FROM merchants WHERE code = 'lanna'"))
    .id;
  memberId = Number(
    (
      await testDb.db.one<{ id: string }>(
        "SELECT id FROM members WHERE merchant_id = $1 AND username = 'demo_member'",
        [lannaId],
      )
    ).id,
  );
});

afterAll(async () => {
  await app.close();
  await testDb.close();
});

type GamesValue = {
  games: GameCard[];
  pageNo: number;
  pageSize: number;
  total: number;
  totalPages: number;
};

const get = async <T>(url: string, options: { host?: string; token?: string } = {}) => {
  const response = await call(app, { method: 'GET', url, ...options });
  return { status: response.statusCode, body: response.json<Envelope<T> & ErrorEnvelope>() };
};

const ok = async <T>(url: string, options: { host?: string; token?: string } = {}): Promise<T> => {
  const { status, body } = await get<T>(url, options);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.value;
};

const listGames = (query: string, host = 'localhost') =>
  ok<GamesValue>(`/lgw/games/list?${query}`, { host });

const search = async (gameName: string, extra = ''): Promise<GameCard[]> =>
  (
    await listGames(
      `gameName=${encodeURIComponent(gameName)}&pageSize=100&clientType=3&platform=flash,html5-desktop${extra}`,
    )
  ).games;

/** Drops the node's cached catalog after a test changes games or vendors in SQL. */
const refreshCatalog = () => gameCatalogCacheOf(testDb.db).invalidate(lannaId);

describe('the demo catalog', () => {
  it('holds at least 5,000 games from at least 30 vendors in every category', async () => {
    const all = await listGames('gameType=HOME&pageSize=1');
    expect(all.total).toBeGreaterThanOrEqual(5000);
    const lanes = (
      await ok<{ data: { lanes: { gameType: string; vendors: { gameCount: number }[] }[] } }>(
        '/lgw/games/vendors?platform=html5-desktop',
      )
    ).data.lanes;
    expect(lanes.map((lane) => lane.gameType)).toEqual([...GAME_CATEGORIES]);
    const withGames = lanes.flatMap((lane) => lane.vendors).filter((v) => v.gameCount > 0);
    expect(withGames.length).toBeGreaterThanOrEqual(30);
    for (const lane of lanes) {
      expect(
        lane.vendors.some((vendor) => vendor.gameCount > 0),
        lane.gameType,
      ).toBe(true);
    }
  });

  it('names games from word lists in every language, not by number, unique per vendor', async () => {
    const { games } = await listGames('gameType=RNG&vassalage=PG&pageSize=100&language=TH');
    expect(games).toHaveLength(100);
    for (const game of games) {
      expect(game.nodeName).toMatch(/^[A-Z][a-z]+ [A-Z]/);
      expect(game.nodeName).not.toMatch(/\d{3}/);
      expect(game.gameName).toMatch(/[\u0E00-\u0E7F]/);
    }
    expect(new Set(games.map((game) => game.nodeName)).size).toBe(games.length);
  });
});

describe('GET /lgw/games/list', () => {
  it('answers a lobby page of 40 with every card field and the page count', async () => {
    const page = await listGames(
      'gameType=RNG&vassalage=PG&clientType=3&platform=flash,html5-desktop',
    );
    expect(page.pageSize).toBe(40);
    expect(page.games).toHaveLength(40);
    expect(page.totalPages).toBe(Math.ceil(page.total / 40));
    const card = page.games[0];
    if (!card) throw new Error('no card');
    expect(card.gameType).toBe('RNG');
    expect(card.nodeId).toBeGreaterThan(0);
    expect(card.gameId).toMatch(/^[a-z0-9_]+-rng-\d{5}$/);
    expect(card.showIcon).toMatch(/^\/games\/\d+-[\w-]{10}\.svg$/);
    expect(card.iconUrl).toMatch(/^\/media\/games\/\d+-[\w-]{10}\.svg$/);
    expect(card.lagerIcon).toMatch(/^\/media\/games\/\d+-[\w-]{10}\.large\.svg$/);
    for (const game of page.games) {
      expect(game.supportPlay).toBe(game.freeplay === 1 ? 0 : 1);
      expect([0, 1]).toContain(game.isHot);
    }
  });

  it('answers the last page partly filled and a page beyond it empty, with the same page count', async () => {
    const first = await listGames('gameType=COCKFIGHT&vassalage=DS88&pageSize=15');
    expect(first.total).toBe(20);
    expect(first.totalPages).toBe(2);
    const last = await listGames('gameType=COCKFIGHT&vassalage=DS88&pageSize=15&pageNo=2');
    expect(last.games).toHaveLength(5);
    const beyond = await listGames('gameType=COCKFIGHT&vassalage=DS88&pageSize=15&pageNo=3');
    expect(beyond).toMatchObject({ games: [], totalPages: 2, total: 20 });
    const ids = [...first.games, ...last.games].map((game) => game.nodeId);
    expect(new Set(ids).size).toBe(20);
  });

  it('filters by vendor, new flag and classify', async () => {
    const pg = await listGames('gameType=RNG&vassalage=PG&pageSize=100');
    expect(pg.games.every((game) => game.vassalage === 'PG')).toBe(true);
    const fresh = await listGames('gameType=RNG&isNew=1&pageSize=100');
    expect(fresh.total).toBeGreaterThan(0);
    expect(fresh.games.every((game) => game.isNew === 1)).toBe(true);
    const hot = await listGames('gameType=RNG&gameClassify=HOT&pageSize=100');
    expect(hot.total).toBeGreaterThan(0);
    expect(hot.games.every((game) => game.isHot === 1)).toBe(true);
    const jackpots = await listGames('gameType=RNG&gameClassify=JP&pageSize=100');
    expect(jackpots.total).toBeGreaterThan(0);
    expect(jackpots.games.every((game) => game.gameClassify === 'JP')).toBe(true);
    expect(jackpots.games.every((game) => game.nodeName.includes('Jackpot'))).toBe(true);
  });

  it('offers no bingo where the merchant does not support TY', async () => {
    expect((await listGames('gameType=RNG&gameClassify=BG')).total).toBe(0);
  });

  it('keeps to the games of the vendors the merchant offers', async () => {
    const siam = await listGames('gameType=HOME&pageSize=100', 'siam.localhost');
    const lanna = await listGames('gameType=HOME&pageSize=1');
    expect(siam.total).toBeGreaterThan(0);
    expect(siam.total).toBeLessThan(lanna.total);
    expect((await listGames('gameType=ESPORTS', 'siam.localhost')).total).toBe(0);
  });

  it.each([
    ['pageSize=0', 'pageSize'],
    ['pageSize=101', 'pageSize'],
    ['pageNo=0', 'pageNo'],
    ['pageNo=1.5', 'pageNo'],
    ['gameType=CASINO', 'gameType'],
    ['vassalage=pg', 'vassalage'],
    ['gameClassify=FAVOURITE', 'gameClassify'],
    ['isNew=yes', 'isNew'],
    ['language=XX', 'language'],
    ['gameName=' + 'a'.repeat(101), 'gameName'],
    ['gameName=golden%00', 'gameName'],
    ['platform=%3Cscript%3E', 'platform'],
    ['unknown=1', ''],
  ])('refuses %s with VALIDATION_FAILED', async (query, field) => {
    const { status, body } = await get(`/lgw/games/list?${query}`);
    expect(status).toBe(400);
    expect(body.code).toBe('VALIDATION_FAILED');
    if (field) expect(JSON.stringify(body)).toContain(field);
  });

  it('accepts the merchant parameter when it names the merchant of the host, and no other', async () => {
    expect((await listGames('merchant=lanna&pageSize=1')).games).toHaveLength(1);
    const other = await get('/lgw/games/list?merchant=siam');
    expect([other.status, other.body.code]).toEqual([404, 'MERCHANT_NOT_FOUND']);
  });
});

describe('name search', () => {
  it('matches a part of a name in another letter case, trimmed', async () => {
    const games = await search('  gOLDEN tEMP  ');
    expect(games.length).toBeGreaterThan(0);
    expect(games.every((game) => game.nodeName.toLowerCase().includes('golden temp'))).toBe(true);
  });

  it('ignores accents and full-width letters', async () => {
    const plain = await search('golden temple');
    expect(plain.length).toBeGreaterThan(0);
    expect((await search('GÓLDÉN TÉMPLE')).map((game) => game.nodeId)).toEqual(
      plain.map((game) => game.nodeId),
    );
    expect((await search('ｇｏｌｄｅｎ　ｔｅｍｐｌｅ')).map((game) => game.nodeId)).toEqual(
      plain.map((game) => game.nodeId),
    );
  });

  it('matches Thai and Chinese names by a part of them', async () => {
    const thai = await search('มังกร', '&language=TH');
    expect(thai.length).toBeGreaterThan(0);
    expect(thai.every((game) => game.gameName.includes('มังกร'))).toBe(true);
    const chinese = await search('黄金', '&language=CN');
    expect(chinese.length).toBeGreaterThan(0);
    expect(chinese.every((game) => game.gameName.includes('黄金'))).toBe(true);
    // A Chinese query finds the game whatever the language of the answer.
    expect((await search('神龙')).some((game) => game.nodeName.startsWith('Dragon'))).toBe(true);
  });

  it('searches every category with no type, and a name no game has finds nothing', async () => {
    const baccarat = await search('baccarat', '&gameType=HOME');
    expect(baccarat.length).toBeGreaterThan(0);
    expect(baccarat.every((game) => game.gameType === 'LIVE')).toBe(true);
    expect(await search('zzqx no such game')).toEqual([]);
  });

  it('treats an empty or blank name as no filter', async () => {
    const all = await listGames('gameType=FISH&pageSize=1');
    expect((await listGames('gameType=FISH&pageSize=1&gameName=')).total).toBe(all.total);
    expect((await listGames('gameType=FISH&pageSize=1&gameName=%20%20')).total).toBe(all.total);
  });
});

describe('vendors and classify entries', () => {
  it('lists the lanes of value.data.lanes with each vendor and its sub-types', async () => {
    const lanes = (
      await ok<{
        data: {
          lanes: {
            gameType: string;
            vendors: { vassalage: string; gameClassify: string[]; maintenance: boolean }[];
          }[];
        };
      }>('/lgw/games/vendors?gameType=RNG')
    ).data.lanes;
    expect(lanes).toHaveLength(1);
    const pg = lanes[0]?.vendors.find((vendor) => vendor.vassalage === 'PG');
    expect(pg?.gameClassify).toEqual(expect.arrayContaining(['JP', 'TG', 'AC', 'SC', 'VP']));
    expect(pg?.gameClassify).not.toContain('BG');
  });

  it('counts ALL, HOT, NEW (RNG only) and the sub-types of a vendor', async () => {
    const rng = await ok<{ list: { gameClassify: string; count: number }[] }>(
      '/lgw/games/vassalage_types?gameType=RNG&vassalage=PG',
    );
    expect(rng.list.map((entry) => entry.gameClassify)).toEqual([
      'ALL',
      'HOT',
      'NEW',
      'JP',
      'TG',
      'AC',
      'SC',
      'VP',
    ]);
    const all = rng.list.find((entry) => entry.gameClassify === 'ALL')?.count;
    expect(all).toBe((await listGames('gameType=RNG&vassalage=PG&pageSize=1')).total);
    const live = await ok<{ list: { gameClassify: string }[] }>(
      '/lgw/games/vassalage_types?gameType=LIVE',
    );
    expect(live.list.map((entry) => entry.gameClassify)).toEqual(['ALL', 'HOT']);
    const { status, body } = await get('/lgw/games/vassalage_types');
    expect(status).toBe(400);
    expect(body.code).toBe('VALIDATION_FAILED');
  });

  it('offers bingo once the merchant supports TY', async () => {
    await testDb.db.query("UPDATE merchants SET languages = languages || '{TY}' WHERE id = $1", [
      lannaId,
    ]);
    refreshCatalog();
    try {
      const types = await ok<{ list: { gameClassify: string; count: number }[] }>(
        '/lgw/games/vassalage_types?gameType=RNG',
      );
      expect(types.list.find((entry) => entry.gameClassify === 'BG')?.count).toBeGreaterThan(0);
      expect((await listGames('gameType=RNG&gameClassify=BG')).total).toBeGreaterThan(0);
    } finally {
      await testDb.db.query(
        "UPDATE merchants SET languages = array_remove(languages, 'TY') WHERE id = $1",
        [lannaId],
      );
      refreshCatalog();
    }
  });
});

describe('maintenance flags', () => {
  it('marks every game of a vendor under maintenance, and a single game', async () => {
    const cq9 = await listGames('gameType=FISH&vassalage=CQ9&pageSize=100');
    expect(cq9.games.length).toBeGreaterThan(0);
    expect(cq9.games.every((game) => game.maintenance)).toBe(true);
    const pg = await listGames('gameType=RNG&vassalage=PG&pageSize=5');
    const target = pg.games[0];
    if (!target) throw new Error('no PG game');
    expect(target.maintenance).toBe(false);
    await testDb.db.query('UPDATE games SET maintenance = true WHERE id = $1', [target.nodeId]);
    refreshCatalog();
    const after = await listGames('gameType=RNG&vassalage=PG&pageSize=5');
    expect(after.games.find((game) => game.nodeId === target.nodeId)?.maintenance).toBe(true);
    expect(after.games.filter((game) => game.maintenance)).toHaveLength(1);
    await testDb.db.query('UPDATE games SET maintenance = false WHERE id = $1', [target.nodeId]);
    refreshCatalog();
  });
});

describe('hot and popular lists', () => {
  it('lists only hot games, most popular first, at most 60, filtered by type and vendor', async () => {
    const hot = await ok<{ list: GameCard[] }>(
      '/lgw/games/hot?merchantCode=lanna&isPlatform=2&platform=html5-desktop&language=EN',
    );
    expect(hot.list.length).toBeGreaterThan(0);
    expect(hot.list.length).toBeLessThanOrEqual(60);
    expect(hot.list.every((game) => game.isHot === 1)).toBe(true);
    const live = await ok<{ list: GameCard[] }>('/lgw/games/hot?gameType=LIVE&vassalage=EVO');
    expect(live.list.every((game) => game.gameType === 'LIVE' && game.vassalage === 'EVO')).toBe(
      true,
    );
  });

  it('lists popular games up to the limit', async () => {
    const popular = await ok<{ list: GameCard[] }>('/lgw/games/popular?limit=5');
    expect(popular.list).toHaveLength(5);
    const { status } = await get('/lgw/games/popular?limit=51');
    expect(status).toBe(400);
  });
});

describe('favourites', () => {
  const firstGames = async (count: number) =>
    (await listGames(`gameType=RNG&vassalage=JILI&pageSize=${count}`)).games;

  const add = (token: string | undefined, payload: object, host?: string) =>
    call(app, {
      method: 'POST',
      url: '/wps/game/favourites',
      payload,
      ...(token ? { token } : {}),
      ...(host ? { host } : {}),
    });

  it('refuses a guest and a trial member', async () => {
    const [game] = await firstGames(1);
    if (!game) throw new Error('no game');
    const payload = { nodeId: game.nodeId, vendor: game.vassalage, gameType: game.gameType };
    expect((await add(undefined, payload)).json()).toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await get('/wps/game/favourites/ids')).status).toBe(401);
    expect((await get('/wps/game/favourites')).status).toBe(401);
    const trial = await add(trialToken, payload);
    expect(trial.statusCode).toBe(403);
    expect(trial.json()).toMatchObject({ code: 'TRIAL_ACCOUNT_FORBIDDEN' });
  });

  it('adds once, lists latest first, keeps each member apart and removes', async () => {
    const [a, b] = await firstGames(2);
    if (!a || !b) throw new Error('no games');
    const payloadOf = (game: GameCard) => ({
      nodeId: game.nodeId,
      vendor: game.vassalage,
      gameType: game.gameType,
    });
    expect((await add(memberToken, payloadOf(a))).json()).toMatchObject({
      value: { added: true, count: 1 },
    });
    expect((await add(memberToken, payloadOf(a))).json()).toMatchObject({
      value: { added: false, count: 1 },
    });
    expect((await add(memberToken, payloadOf(b))).json()).toMatchObject({
      value: { added: true, count: 2 },
    });
    const ids = await ok<{ ids: number[] }>('/wps/game/favourites/ids', { token: memberToken });
    expect(ids.ids).toEqual([b.nodeId, a.nodeId]);
    const list = await ok<{ content: GameCard[]; pageNum: number; totalPages: number }>(
      '/wps/game/favourites?clientType=3&platform=html5-desktop&gameType=RNG&pageNo=1&language=EN',
      { token: memberToken },
    );
    expect(list.content.map((game) => game.nodeId)).toEqual([b.nodeId, a.nodeId]);
    expect(list).toMatchObject({ pageNum: 1, totalPages: 1 });
    const other = await ok<{ ids: number[] }>('/wps/game/favourites/ids', { token: agentToken });
    expect(other.ids).toEqual([]);
    const filtered = await ok<{ content: GameCard[] }>('/wps/game/favourites?gameType=LIVE', {
      token: memberToken,
    });
    expect(filtered.content).toEqual([]);

    // Another member removing the game changes nothing for this one.
    const foreign = await call(app, {
      method: 'DELETE',
      url: `/wps/game/favourites?nodeId=${a.nodeId}`,
      token: agentToken,
    });
    expect(foreign.json()).toMatchObject({ value: { removed: false, count: 0 } });
    const removed = await call(app, {
      method: 'DELETE',
      url: `/wps/game/favourites?nodeId=${a.nodeId}`,
      token: memberToken,
    });
    expect(removed.json()).toMatchObject({ value: { removed: true, count: 1 } });
    const again = await call(app, {
      method: 'DELETE',
      url: `/wps/game/favourites?nodeId=${a.nodeId}`,
      token: memberToken,
    });
    expect(again.json()).toMatchObject({ value: { removed: false, count: 1 } });
    expect(
      (await ok<{ ids: number[] }>('/wps/game/favourites/ids', { token: memberToken })).ids,
    ).toEqual([b.nodeId]);
  });

  it('refuses a game that does not exist, a wrong vendor or type, and another merchant’s game', async () => {
    const [game] = await firstGames(1);
    if (!game) throw new Error('no game');
    const cases = [
      { nodeId: 2_000_000_000, vendor: game.vassalage, gameType: game.gameType },
      { nodeId: game.nodeId, vendor: 'PG', gameType: game.gameType },
      { nodeId: game.nodeId, vendor: game.vassalage, gameType: 'FISH' },
    ];
    for (const payload of cases) {
      const response = await add(agentToken, payload);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'GAME_NOT_FOUND' });
    }
    // An esports game: Siam Royal offers no esports vendor.
    const [esports] = (await listGames('gameType=ESPORTS&pageSize=1')).games;
    if (!esports) throw new Error('no esports game');
    const siam = await loginAs(
      app,
      { username: 'demo_member', password: PASSWORD },
      { host: 'siam.localhost' },
    );
    const response = await add(
      siam.token,
      { nodeId: esports.nodeId, vendor: esports.vassalage, gameType: 'ESPORTS' },
      'siam.localhost',
    );
    expect(response.json()).toMatchObject({ code: 'GAME_NOT_FOUND' });
  });

  it.each([
    [{ nodeId: 0, vendor: 'PG', gameType: 'RNG' }],
    [{ nodeId: '1x', vendor: 'PG', gameType: 'RNG' }],
    [{ nodeId: 1, vendor: 'PG' }],
    [{ nodeId: 1, vendor: 'PG', gameType: 'RNG', extra: true }],
  ])('refuses a malformed favourite %j with VALIDATION_FAILED', async (payload) => {
    const response = await add(agentToken, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it(`keeps at most ${MAX_FAVOURITES} and lists them all on one page`, async () => {
    const agentId = (
      await testDb.db.one<{ id: string }>(
        "SELECT id FROM members WHERE merchant_id = $1 AND username = 'demo_agent'",
        [lannaId],
      )
    ).id;
    await testDb.db.query(
      `INSERT INTO game_favourites (merchant_id, member_id, game_id, created_at)
       SELECT $1, $2, g.id, now() - make_interval(secs => row_number() OVER (ORDER BY g.id))
       FROM games g JOIN vendors v ON v.id = g.vendor_id
       WHERE v.category = 'RNG' ORDER BY g.id LIMIT $3`,
      [lannaId, agentId, MAX_FAVOURITES],
    );
    const ids = await ok<{ ids: number[] }>('/wps/game/favourites/ids', { token: agentToken });
    expect(ids.ids).toHaveLength(MAX_FAVOURITES);
    const list = await ok<{ content: GameCard[]; totalPages: number }>('/wps/game/favourites', {
      token: agentToken,
    });
    expect(list.content).toHaveLength(MAX_FAVOURITES);
    expect(list.totalPages).toBe(1);
    const [live] = (await listGames('gameType=LIVE&pageSize=1')).games;
    if (!live) throw new Error('no live game');
    const full = await add(agentToken, {
      nodeId: live.nodeId,
      vendor: live.vassalage,
      gameType: 'LIVE',
    });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'FAVOURITES_FULL' });
    // One already kept is still answered as present, not as full.
    const kept = ids.ids[0];
    const game = (await listGames('gameType=RNG&pageSize=100')).games.find(
      (g) => g.nodeId === kept,
    );
    if (game) {
      expect(
        (
          await add(agentToken, { nodeId: game.nodeId, vendor: game.vassalage, gameType: 'RNG' })
        ).json(),
      ).toMatchObject({ value: { added: false } });
    }
    const beyond = await ok<{ content: GameCard[]; totalPages: number }>(
      '/wps/game/favourites?pageNo=2',
      { token: agentToken },
    );
    expect(beyond).toMatchObject({ content: [], totalPages: 1 });
  });
});

describe('recent games', () => {
  it('refuses a guest and answers a trial its own empty list', async () => {
    expect((await get('/wps/game/recent')).status).toBe(401);
    const trial = await ok<{ list: GameCard[]; totalPages: number }>('/wps/game/recent', {
      token: trialToken,
    });
    expect(trial).toMatchObject({ list: [], totalPages: 0 });
  });

  it('lists launched games latest first, one row per game, paged', async () => {
    const games = (await listGames('gameType=LIVE&pageSize=3')).games;
    const [a, b, c] = games;
    if (!a || !b || !c) throw new Error('no games');
    const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second));
    await recordRecentGame(testDb.db, {
      merchantId: lannaId,
      memberId,
      nodeId: a.nodeId,
      at: at(1),
    });
    await recordRecentGame(testDb.db, {
      merchantId: lannaId,
      memberId,
      nodeId: b.nodeId,
      at: at(2),
    });
    await recordRecentGame(testDb.db, {
      merchantId: lannaId,
      memberId,
      nodeId: c.nodeId,
      at: at(3),
    });
    await recordRecentGame(testDb.db, {
      merchantId: lannaId,
      memberId,
      nodeId: a.nodeId,
      at: at(4),
    });
    const recent = await ok<{ list: GameCard[]; page: number; totalPages: number }>(
      '/wps/game/recent?page=1&pageSize=20&gameType=LIVE&language=EN&clientType=3',
      { token: memberToken },
    );
    expect(recent.list.map((game) => game.nodeId)).toEqual([a.nodeId, c.nodeId, b.nodeId]);
    const second = await ok<{ list: GameCard[]; totalPages: number }>(
      '/wps/game/recent?page=2&pageSize=2',
      { token: memberToken },
    );
    expect(second.list.map((game) => game.nodeId)).toEqual([b.nodeId]);
    expect(second.totalPages).toBe(2);
    const beyond = await ok<{ list: GameCard[]; totalPages: number }>(
      '/wps/game/recent?page=3&pageSize=2',
      { token: memberToken },
    );
    expect(beyond).toMatchObject({ list: [], totalPages: 2 });
    const other = await ok<{ list: GameCard[] }>('/wps/game/recent', { token: agentToken });
    expect(other.list).toEqual([]);
    const bad = await get('/wps/game/recent?page=0', { token: memberToken });
    expect(bad.status).toBe(400);
  });

  it('shows a launched house game first, in the language asked', async () => {
    const launched = await call(app, {
      method: 'GET',
      url: '/wps/game/launchGame?vassalage=HOUSE&gameCode=lanna-dice',
      token: memberToken,
    });
    expect(launched.statusCode).toBe(200);
    const recent = await ok<{ list: GameCard[] }>('/wps/game/recent?language=CN', {
      token: memberToken,
    });
    expect(recent.list[0]).toMatchObject({
      vassalage: 'HOUSE',
      gameId: 'lanna-dice',
      gameName: '兰纳骰子',
      gameClassify: 'AC',
      freeplay: 1,
    });
  });

  it('refuses to record a game the merchant does not offer', async () => {
    await expect(
      recordRecentGame(testDb.db, {
        merchantId: lannaId,
        memberId,
        nodeId: 2_000_000_000,
        at: new Date(),
      }),
    ).rejects.toMatchObject({ code: 'GAME_NOT_FOUND' });
  });
});

describe('GET /wps/relay/GLS2_roomList', () => {
  it('lists the rooms of the PVP games with stakes in minor units', async () => {
    const rooms = await ok<{
      list: { nodeId: number; vassalage: string; tier: string; minBet: string; maxBet: string }[];
      currency: string;
    }>('/wps/relay/GLS2_roomList');
    expect(rooms.currency).toBe('THB');
    expect(rooms.list.length).toBeGreaterThan(0);
    const pvp = await listGames('gameType=PVP&pageSize=100');
    const pvpIds = new Set(pvp.games.map((game) => game.nodeId));
    const first = rooms.list[0];
    expect(first).toMatchObject({ tier: 'BEGINNER', minBet: '100', maxBet: '10000' });
    expect(rooms.list.filter((room) => pvpIds.has(room.nodeId)).length).toBeGreaterThan(0);
    const km = await ok<{ list: { vassalage: string }[] }>('/wps/relay/GLS2_roomList?vassalage=KM');
    expect(km.list.every((room) => room.vassalage === 'KM')).toBe(true);
    expect((await get('/wps/relay/GLS2_roomList?nodeId=abc')).status).toBe(400);
  });
});

describe('game artwork', () => {
  it('serves an SVG per game through the image CDN, cacheable for good under its version', async () => {
    const [game] = (await listGames('gameType=RNG&pageSize=1')).games;
    if (!game) throw new Error('no game');
    const response = await call(app, { method: 'GET', url: game.iconUrl });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.body).toContain('<svg');
    expect(response.body).toContain(game.nodeName.split(' ')[0]);
    const etag = String(response.headers.etag);
    const again = await app.inject({
      method: 'GET',
      url: game.iconUrl,
      headers: { host: 'localhost', 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    const large = await call(app, { method: 'GET', url: game.lagerIcon });
    expect(large.statusCode).toBe(200);
    expect(large.body).toContain('width="480"');
  });

  it('answers an old version with the current art, briefly cached, and an unknown game with 404', async () => {
    const [game] = (await listGames('gameType=RNG&pageSize=1')).games;
    if (!game) throw new Error('no game');
    const old = await call(app, {
      method: 'GET',
      url: `/media/games/${game.nodeId}-AAAAAAAAAA.svg`,
    });
    expect(old.statusCode).toBe(200);
    expect(old.headers['cache-control']).not.toContain('immutable');
    expect(
      (await call(app, { method: 'GET', url: '/media/games/999999999-AAAAAAAAAA.svg' })).statusCode,
    ).toBe(404);
    expect((await call(app, { method: 'GET', url: '/media/games/1.svg' })).statusCode).toBe(400);
    const [esports] = (await listGames('gameType=ESPORTS&pageSize=1')).games;
    if (!esports) throw new Error('no esports game');
    const foreign = await call(app, {
      method: 'GET',
      url: esports.iconUrl,
      host: 'siam.localhost',
    });
    expect(foreign.statusCode).toBe(404);
  });
});
