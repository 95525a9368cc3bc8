// Proves the winner board and the live figures come from real platform data (issue 6 item 7):
// a settled real-money win shows with its masked name, game and amount, while losing, open,
// play-money and other merchants' rounds never do; the limit and category filter hold; the
// cumulative winnings grow by what settled rounds paid; and the online count follows members
// signing in and out.
import { randomBytes } from 'node:crypto';
import {
  signedVendorHeaders,
  type Envelope,
  type ErrorEnvelope,
  type LiveFigures,
  type WinnerBoard,
} from '@lanna/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import {
  buildTestApp,
  call,
  loginAs,
  movableClock,
  openTestDb,
  type TestDb,
} from '../../testing/index.ts';
import { gameCatalogCacheOf, type CatalogGame } from '../games/index.ts';
import {
  getOrCreateHouseAccount,
  getOrCreateMemberAccount,
  moveEntries,
  postTransfer,
} from '../ledger/index.ts';
import {
  ensureVendorCredentials,
  issueVendorSession,
  rotateVendorSecret,
  vendorWalletConfigOf,
} from '../vendor-wallet/index.ts';
import { clearLiveCaches } from './index.ts';
import { maskWinnerName } from './mask-name.ts';

const VENDOR = 'PG';

/** The app, its database and clock; a vendor plays rounds through the signed vendor API. */
const world = {} as {
  testDb: TestDb;
  db: Db;
  app: FastifyInstance;
  clock: ReturnType<typeof movableClock>;
  lanna: number;
  secret: string;
};
let game: CatalogGame;

beforeAll(async () => {
  world.testDb = await openTestDb();
  world.db = world.testDb.db;
  world.clock = movableClock('2026-03-01T12:00:00.000Z');
  world.app = await buildTestApp(world.db, { clock: world.clock });
  world.lanna = (
    await world.db.one<{ id: number }>("SELECT id FROM merchants WHERE code = 'lanna'")
  ).id;
  const config = vendorWalletConfigOf(world.app.config);
  await ensureVendorCredentials(world.db, config, world.clock());
  world.secret = await rotateVendorSecret(world.db, config, {
    merchantId: world.lanna,
    vendorCode: VENDOR,
    now: world.clock(),
  });
  const catalog = await gameCatalogCacheOf(world.db).get(world.lanna);
  const pg = catalog.byVendor.get(VENDOR)?.[0];
  if (!pg) throw new Error('the seed offers no PG game at lanna');
  game = pg;
});

afterAll(async () => {
  await world.app.close();
  await world.testDb.close();
});

let counter = 0;
const freshId = (label: string): string =>
  `${label}-${randomBytes(6).toString('hex')}-${(counter += 1)}`;

type Player = { username: string; playerId: string; token: string };

/** A new lanna member (type 4: a trial) with money in the main wallet and a vendor token. */
const newPlayer = async (type: 0 | 4 = 0): Promise<Player> => {
  const username = `lv_${randomBytes(5).toString('hex')}`;
  const row = await world.db.one<{ id: string }>(
    `INSERT INTO members (merchant_id, username, password_hash, type) VALUES ($1, $2, '!', $3)
     RETURNING id`,
    [world.lanna, username, type],
  );
  const memberId = Number(row.id);
  const main = await getOrCreateMemberAccount(world.db, world.lanna, memberId, { kind: 'main' });
  const house = await getOrCreateHouseAccount(world.db, world.lanna, {
    kind: type === 4 ? 'trial' : 'adjustment',
  });
  await postTransfer(world.db, {
    merchantId: world.lanna,
    type: type === 4 ? 'trial_credit' : 'adjustment',
    idempotencyKey: `live-test:fund:${memberId}`,
    entries: moveEntries(house.id, main.id, 1_000_000n),
  });
  const session = await issueVendorSession(world.db, {
    merchantId: world.lanna,
    memberId,
    vendorCode: VENDOR,
    expiresAt: new Date(world.clock().getTime() + 3_600_000),
    now: world.clock(),
  });
  return { username, playerId: session.playerId, token: session.token };
};

/** POSTs a call signed by the vendor and expects it answered 200. */
const vendorPost = async (path: string, body: Record<string, unknown>) => {
  const text = JSON.stringify(body);
  const headers = await signedVendorHeaders({
    secret: world.secret,
    merchantCode: 'lanna',
    vendorCode: VENDOR,
    method: 'POST',
    path,
    body: text,
    now: world.clock().getTime(),
  });
  const response = await world.app.inject({ method: 'POST', url: path, headers, payload: text });
  expect(response.statusCode, response.body).toBe(200);
};

/** One round: a bet of `stake`, then a win of `win` that closes it unless told otherwise. */
const playRound = async (
  player: Player,
  stake: string,
  win: string,
  options: { close?: boolean } = {},
) => {
  const roundId = freshId('round');
  await vendorPost('/vendor/v1/debit', {
    idempotencyKey: freshId('key'),
    transactionId: freshId('bet'),
    roundId,
    gameCode: game.code,
    playerId: player.playerId,
    token: player.token,
    currency: 'THB',
    amountMinor: stake,
  });
  await vendorPost('/vendor/v1/credit', {
    idempotencyKey: freshId('key'),
    transactionId: freshId('win'),
    roundId,
    playerId: player.playerId,
    currency: 'THB',
    amountMinor: win,
    roundClosed: options.close ?? true,
  });
};

const get = async (url: string, host = 'localhost') => {
  clearLiveCaches(world.db);
  const response = await call(world.app, { method: 'GET', url, host });
  return response;
};

const winners = async (query = '', host = 'localhost'): Promise<WinnerBoard> => {
  const response = await get(`/lgw/live/winners?${query}`, host);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Envelope<WinnerBoard>>().value;
};

const figures = async (): Promise<LiveFigures> => {
  const response = await get('/lgw/live/figures');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Envelope<LiveFigures>>().value;
};

describe('the winner board', () => {
  it('shows a settled real win with the masked name, the game and what it paid', async () => {
    const player = await newPlayer();
    await playRound(player, '1000', '25000');
    const board = await winners('gameCategory=ALL&language=EN&limitNum=50');
    expect(board.currency).toBe('THB');
    expect(board.list[0]?.vo).toMatchObject({
      customerName: maskWinnerName(player.username),
      winAmountMinor: '25000',
      gameName: game.names.EN,
      gameId: game.code,
      gameType: game.category,
      vassalage: 'PG',
    });
    expect(board.list[0]?.vo.iconUrl).toMatch(new RegExp(`/games/${game.id}-[^/]+\\.svg$`));
    expect(JSON.stringify(board)).not.toContain(player.username);
  });

  it('names the game in the language asked for', async () => {
    const board = await winners('language=TH');
    expect(board.list[0]?.vo.gameName).toBe(game.names.TH);
  });

  it('leaves out losing, open and play-money rounds, and other merchants', async () => {
    const before = (await winners()).list.map((entry) => entry.vo.customerName);
    const loser = await newPlayer();
    await playRound(loser, '1000', '400');
    const open = await newPlayer();
    await playRound(open, '1000', '9000', { close: false });
    const trial = await newPlayer(4);
    await playRound(trial, '1000', '9000');

    const after = (await winners()).list.map((entry) => entry.vo.customerName);
    expect(after).toEqual(before);
    // Another merchant's board never shows lanna's wins.
    expect(before.length).toBeGreaterThan(0);
    expect((await winners('', 'siam.localhost')).list).toEqual([]);
  });

  it('answers at most limitNum, newest first, and filters by category', async () => {
    const player = await newPlayer();
    for (const win of ['3000', '4000', '5000']) {
      world.clock.set(new Date(world.clock().getTime() + 1000).toISOString());
      await playRound(player, '1000', win);
    }
    const board = await winners('limitNum=2');
    expect(board.list.map((entry) => entry.vo.winAmountMinor)).toEqual(['5000', '4000']);
    const same = await winners(`gameCategory=${game.category}&limitNum=2`);
    expect(same.list).toHaveLength(2);
    const other = game.category === 'LIVE' ? 'SPORTS' : 'LIVE';
    expect((await winners(`gameCategory=${other}`)).list).toEqual([]);
  });

  it('refuses a limit above 50 and an unknown category', async () => {
    for (const query of ['limitNum=51', 'limitNum=0', 'gameCategory=NOPE', 'limitNum=abc']) {
      const response = await get(`/lgw/live/winners?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<ErrorEnvelope>().code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('the live figures', () => {
  it('add what settled real rounds paid to the cumulative winnings', async () => {
    const before = BigInt((await figures()).cumulativeWinningsMinor);
    const player = await newPlayer();
    await playRound(player, '1000', '700');
    await playRound(player, '1000', '2500');
    // Open and play-money rounds pay nothing yet into the figure.
    await playRound(player, '1000', '9999', { close: false });
    const trial = await newPlayer(4);
    await playRound(trial, '1000', '9999');
    const after = await figures();
    expect(BigInt(after.cumulativeWinningsMinor) - before).toBe(3200n);
    expect(after.currency).toBe('THB');
    // The running total the settlements keep is what a scan of every settled round finds.
    const scanned = await world.db.one<{ total: string }>(
      `SELECT COALESCE(sum(credit_minor), 0)::text AS total FROM vendor_rounds
       WHERE merchant_id = $1 AND status = 'settled' AND NOT play_money`,
      [world.lanna],
    );
    expect(after.cumulativeWinningsMinor).toBe(scanned.total);
  });

  it('count a member online after sign-in and not after sign-out', async () => {
    const before = (await figures()).onlineCount;
    const { token } = await loginAs(world.app, { username: 'demo_member', password: 'Demo@12345' });
    expect((await figures()).onlineCount).toBe(before + 1);
    // A second session of the same member is the same player.
    const second = await loginAs(world.app, { username: 'demo_member', password: 'Demo@12345' });
    expect((await figures()).onlineCount).toBe(before + 1);
    for (const session of [token, second.token]) {
      const out = await call(world.app, {
        method: 'DELETE',
        url: '/wps/session/logout',
        token: session,
      });
      expect(out.statusCode, out.body).toBe(200);
    }
    expect((await figures()).onlineCount).toBe(before);
  });

  it('stop counting a member idle past the session timeout', async () => {
    const before = (await figures()).onlineCount;
    await loginAs(world.app, { username: 'demo_agent', password: 'Demo@12345' });
    expect((await figures()).onlineCount).toBe(before + 1);
    const idle = world.app.config.SESSION_IDLE_MINUTES;
    world.clock.set(new Date(world.clock().getTime() + (idle + 1) * 60_000).toISOString());
    expect((await figures()).onlineCount).toBe(before);
  });
});
