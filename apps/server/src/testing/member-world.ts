import { HOUSE_VENDOR_CODE, signedVendorHeaders } from '@lanna/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../db/client.ts';
import {
  getOrCreateHouseAccount,
  getOrCreateMemberAccount,
  moveEntries,
  postTransfer,
} from '../modules/ledger/index.ts';
import {
  ensureVendorCredentials,
  issueVendorSession,
  vendorWalletConfigOf,
} from '../modules/vendor-wallet/index.ts';
import { hashPassword } from '../shared/password.ts';
import { buildTestApp, call, movableClock, openTestDb, type TestDb } from './index.ts';

/**
 * The setup the member-record tests share (account record, betting record, profit and loss): a
 * test app on a fresh seeded database with a clock the test moves, the seeded lanna merchant,
 * real members made the way registration makes them, and signed vendor calls over inject.
 */
export type MemberWorld = {
  testDb: TestDb;
  db: Db;
  app: FastifyInstance;
  clock: ReturnType<typeof movableClock>;
  /** The id of the seeded 'lanna' merchant. */
  lanna: number;
};

export const openMemberWorld = async (startsAt: string): Promise<MemberWorld> => {
  const testDb = await openTestDb();
  const clock = movableClock(startsAt);
  const app = await buildTestApp(testDb.db, { clock });
  const { id: lanna } = await testDb.db.one<{ id: number }>(
    "SELECT id FROM merchants WHERE code = 'lanna'",
  );
  return { testDb, db: testDb.db, app, clock, lanna };
};

export const closeMemberWorld = async (world: MemberWorld): Promise<void> => {
  await world.app.close();
  await world.testDb.close();
};

/** A real-money lanna member (type 0) who signs in with `password`; returns its id. */
export const newLannaMember = async (
  world: MemberWorld,
  username: string,
  password: string,
): Promise<number> => {
  const row = await world.db.one<{ id: string }>(
    `INSERT INTO members (merchant_id, username, password_hash, type) VALUES ($1, $2, $3, 0)
     RETURNING id`,
    [world.lanna, username, await hashPassword(password)],
  );
  return Number(row.id);
};

/** Puts money in a member's main wallet as an operator adjustment would. */
export const fundMainWallet = async (
  world: MemberWorld,
  memberId: number,
  amountMinor: bigint,
  idempotencyKey: string,
): Promise<void> => {
  const main = await getOrCreateMemberAccount(world.db, world.lanna, memberId, { kind: 'main' });
  const house = await getOrCreateHouseAccount(world.db, world.lanna, { kind: 'adjustment' });
  await postTransfer(world.db, {
    merchantId: world.lanna,
    type: 'adjustment',
    idempotencyKey,
    entries: moveEntries(house.id, main.id, amountMinor),
  });
};

import { freshId } from './factories/games.ts';

export { freshId };

export type VendorSigner = { vendorCode: string; secret: string };

/**
 * POSTs a lanna vendor call signed by the vendor at the world's time, expects it answered 200
 * and returns the envelope's value.
 */
export const vendorPost = async (
  world: MemberWorld,
  signer: VendorSigner,
  path: string,
  body: Record<string, unknown>,
): Promise<unknown> => {
  const text = JSON.stringify(body);
  const headers = await signedVendorHeaders({
    secret: signer.secret,
    merchantCode: 'lanna',
    vendorCode: signer.vendorCode,
    method: 'POST',
    path,
    body: text,
    now: world.clock().getTime(),
  });
  const response = await world.app.inject({ method: 'POST', url: path, headers, payload: text });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ value: unknown }>().value;
};

/** Starts free play as a guest does, and returns the trial member's token. */
export const freePlayToken = async (world: MemberWorld): Promise<string> => {
  const trial = await call(world.app, {
    method: 'POST',
    url: '/wps/session/login/freeplay',
    payload: { os: 'Linux', platform: 'W' },
  });
  expect(trial.statusCode, trial.body).toBe(200);
  return trial.json<{ value: { token: string } }>().value.token;
};

/**
 * One settled round at the house vendor through the signed vendor wallet API, as a game plays
 * it: a bet, then a win (0 for a loss), at the world's time. Returns the round id.
 */
export const playHouseRound = async (
  world: MemberWorld,
  memberId: number,
  betMinor: bigint,
  winMinor: bigint,
): Promise<string> => {
  const config = vendorWalletConfigOf(world.app.config);
  // The house vendor's credentials, as the server's start writes them.
  await ensureVendorCredentials(world.db, config, world.clock());
  const signer = { vendorCode: HOUSE_VENDOR_CODE, secret: config.houseSecret };
  const { playerId, token } = await issueVendorSession(world.db, {
    merchantId: world.lanna,
    memberId,
    vendorCode: HOUSE_VENDOR_CODE,
    expiresAt: new Date(world.clock().getTime() + 3_600_000),
    now: world.clock(),
  });
  const roundId = freshId('round');
  const movement = { roundId, playerId, currency: 'THB' };
  await vendorPost(world, signer, '/vendor/v1/debit', {
    ...movement,
    idempotencyKey: freshId('key'),
    transactionId: freshId('bet'),
    gameCode: 'lanna-slot',
    token,
    amountMinor: betMinor.toString(),
  });
  await vendorPost(world, signer, '/vendor/v1/credit', {
    ...movement,
    idempotencyKey: freshId('key'),
    transactionId: freshId('win'),
    amountMinor: winMinor.toString(),
  });
  return roundId;
};
