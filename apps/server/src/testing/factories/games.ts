import { randomBytes } from 'node:crypto';
import {
  HOUSE_VENDOR_CODE,
  signedVendorHeaders,
  VendorTransactionResultSchema,
  type ErrorEnvelope,
  type VendorTransactionResult,
} from '@lanna/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Db } from '../../db/client.ts';
import { buildTestApp, movableClock, openTestDb, type TestDb } from '../index.ts';
import { valueOf } from '../requests.ts';
import {
  checkLedgerInvariants,
  getOrCreateHouseAccount,
  getOrCreateMemberAccount,
  moveEntries,
  postTransfer,
} from '../../modules/ledger/index.ts';
import {
  ensureVendorCredentials,
  rotateVendorSecret,
} from '../../modules/vendor-wallet/vendor-credentials.service.ts';
import { issueVendorSession } from '../../modules/vendor-wallet/vendor-session.service.ts';
import { vendorWalletConfigOf } from '../../modules/vendor-wallet/vendor-wallet-config.ts';

/**
 * The games factory: a signed vendor, funded players, signed vendor calls (debits, credits and
 * rollbacks of rounds), and seeded games to play them on.
 */

export const TEST_VENDOR = 'PG';
export const TEST_START = '2026-03-01T12:00:00.000Z';

export type VendorWorld = {
  testDb: TestDb;
  db: Db;
  app: FastifyInstance;
  clock: ReturnType<typeof movableClock>;
  merchants: { lanna: number; siam: number };
  /** The test vendor's secret at each merchant, and the house vendor's. */
  secrets: { lanna: string; siam: string; house: string };
};

const merchantIdOf = async (db: Db, code: string): Promise<number> =>
  (await db.one<{ id: number }>('SELECT id FROM merchants WHERE code = $1', [code])).id;

/** A fresh database and app, credentials ensured, the test vendor's secrets known. */
export const openVendorWorld = async (env: Record<string, string> = {}): Promise<VendorWorld> => {
  const testDb = await openTestDb();
  const clock = movableClock(TEST_START);
  const app = await buildTestApp(testDb.db, { clock, env });
  const config = vendorWalletConfigOf(app.config);
  await ensureVendorCredentials(testDb.db, config, clock());
  const merchants = {
    lanna: await merchantIdOf(testDb.db, 'lanna'),
    siam: await merchantIdOf(testDb.db, 'siam'),
  };
  const rotate = (merchantId: number) =>
    rotateVendorSecret(testDb.db, config, { merchantId, vendorCode: TEST_VENDOR, now: clock() });
  return {
    testDb,
    db: testDb.db,
    app,
    clock,
    merchants,
    secrets: {
      lanna: await rotate(merchants.lanna),
      siam: await rotate(merchants.siam),
      house: config.houseSecret,
    },
  };
};

export const closeVendorWorld = async (world: VendorWorld): Promise<void> => {
  await world.app.close();
  await world.testDb.close();
};

/**
 * The setup the vendor wallet's API test files share: a vendor world opened before the file's
 * tests and closed after them; after each test the clock goes back to TEST_START and the
 * ledger's invariants must hold. Its fields are set once `beforeAll` has run.
 */
export const useVendorWorld = (env: Record<string, string> = {}): VendorWorld => {
  const world = {} as VendorWorld;
  beforeAll(async () => {
    Object.assign(world, await openVendorWorld(env));
  });
  afterAll(async () => {
    await closeVendorWorld(world);
  });
  afterEach(async () => {
    world.clock.set(TEST_START);
    await expectInvariants(world.db);
  });
  return world;
};

export type Player = {
  merchantId: number;
  username: string;
  memberId: number;
  playerId: string;
  token: string;
  mainAccountId: number;
};

/** A new member of the merchant with `balanceMinor` in the main wallet and a live token. */
export const newPlayer = async (
  world: VendorWorld,
  options: {
    merchant?: 'lanna' | 'siam';
    balanceMinor?: bigint;
    type?: 0 | 4;
    vendorCode?: string;
  } = {},
): Promise<Player> => {
  const merchantId = world.merchants[options.merchant ?? 'lanna'];
  const type = options.type ?? 0;
  const username = `vw_${randomBytes(5).toString('hex')}`;
  const row = await world.db.one<{ id: string }>(
    `INSERT INTO members (merchant_id, username, password_hash, type) VALUES ($1, $2, '!', $3)
     RETURNING id`,
    [merchantId, username, type],
  );
  const memberId = Number(row.id);
  const main = await getOrCreateMemberAccount(world.db, merchantId, memberId, { kind: 'main' });
  const balanceMinor = options.balanceMinor ?? 0n;
  if (balanceMinor > 0n) {
    const house = await getOrCreateHouseAccount(world.db, merchantId, {
      kind: type === 4 ? 'trial' : 'adjustment',
    });
    await postTransfer(world.db, {
      merchantId,
      type: type === 4 ? 'trial_credit' : 'adjustment',
      idempotencyKey: `test:fund:${memberId}`,
      entries: moveEntries(house.id, main.id, balanceMinor),
    });
  }
  const session = await issueVendorSession(world.db, {
    merchantId,
    memberId,
    vendorCode: options.vendorCode ?? TEST_VENDOR,
    expiresAt: new Date(world.clock().getTime() + 3_600_000),
    now: world.clock(),
  });
  return {
    merchantId,
    username,
    memberId,
    playerId: session.playerId,
    token: session.token,
    mainAccountId: main.id,
  };
};

/**
 * A new game session of the player at the test vendor: what a test needs after signing the
 * member in to the site, which ends the member's game sessions.
 */
export const newGameSession = async (world: VendorWorld, player: Player): Promise<Player> => {
  const session = await issueVendorSession(world.db, {
    merchantId: player.merchantId,
    memberId: player.memberId,
    vendorCode: TEST_VENDOR,
    expiresAt: new Date(world.clock().getTime() + 3_600_000),
    now: world.clock(),
  });
  return { ...player, playerId: session.playerId, token: session.token };
};

export type Signer = {
  merchantCode?: string;
  vendorCode?: string;
  secret?: string;
  /** Seconds to shift the timestamp from the app's clock. */
  skewSeconds?: number;
};

/** POSTs a vendor call signed as the signer says (the test vendor of lanna by default). */
export const vendorPost = async (
  world: VendorWorld,
  path: string,
  body: unknown,
  signer: Signer = {},
  extraHeaders: Record<string, string> = {},
): Promise<LightMyRequestResponse> => {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const headers = await signedVendorHeaders({
    secret: signer.secret ?? world.secrets.lanna,
    merchantCode: signer.merchantCode ?? 'lanna',
    vendorCode: signer.vendorCode ?? TEST_VENDOR,
    method: 'POST',
    path,
    body: text,
    now: world.clock().getTime() + (signer.skewSeconds ?? 0) * 1000,
  });
  return world.app.inject({
    method: 'POST',
    url: path,
    headers: { ...headers, ...extraHeaders },
    payload: text,
  });
};

export const houseSigner = (world: VendorWorld, merchantCode = 'lanna'): Signer => ({
  merchantCode,
  vendorCode: HOUSE_VENDOR_CODE,
  secret: world.secrets.house,
});

let keyCounter = 0;
/** A fresh idempotency key or transaction id. */
export const freshId = (label: string): string =>
  `${label}-${randomBytes(6).toString('hex')}-${(keyCounter += 1)}`;

export const debitBody = (
  player: Player,
  amountMinor: string,
  ids: { transactionId?: string; roundId?: string; gameCode?: string } = {},
) => ({
  idempotencyKey: freshId('key'),
  transactionId: ids.transactionId ?? freshId('bet'),
  roundId: ids.roundId ?? freshId('round'),
  gameCode: ids.gameCode ?? 'slot-1',
  playerId: player.playerId,
  token: player.token,
  currency: 'THB',
  amountMinor,
});

export const creditBody = (
  player: Player,
  roundId: string,
  amountMinor: string,
  ids: { transactionId?: string; roundClosed?: boolean } = {},
) => ({
  idempotencyKey: freshId('key'),
  transactionId: ids.transactionId ?? freshId('win'),
  roundId,
  playerId: player.playerId,
  currency: 'THB',
  amountMinor,
  ...(ids.roundClosed === undefined ? {} : { roundClosed: ids.roundClosed }),
});

export const rollbackBody = (
  player: Player,
  roundId: string,
  referenceTransactionId: string,
  transactionId = freshId('rollback'),
) => ({
  idempotencyKey: freshId('key'),
  transactionId,
  referenceTransactionId,
  roundId,
  playerId: player.playerId,
});

/** The value of a debit, credit or rollback answered 200. */
export const resultOf = (response: LightMyRequestResponse): VendorTransactionResult =>
  valueOf(response, VendorTransactionResultSchema);

export { valueOf };

export const expectRefusal = (response: LightMyRequestResponse, status: number, code: string) => {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json<ErrorEnvelope>()).toMatchObject({ success: false, code });
};

export const balanceOf = async (db: Db, accountId: number): Promise<bigint> =>
  BigInt(
    (
      await db.one<{ balance_minor: string }>(
        'SELECT balance_minor FROM ledger_accounts WHERE id = $1',
        [accountId],
      )
    ).balance_minor,
  );

export const ledgerTransferCount = async (db: Db): Promise<number> =>
  (await db.one<{ count: number }>('SELECT count(*)::int AS count FROM ledger_transfers')).count;

export const expectInvariants = async (db: Db) => {
  expect((await checkLedgerInvariants(db)).violations).toEqual([]);
};

/** The code of the first seeded game of a vendor's category (JILI runs RNG, FISH and PVP games). */
export const seededGameCode = async (
  db: Db,
  vendorCode: string,
  category: string,
): Promise<string> =>
  (
    await db.one<{ game_code: string }>(
      `SELECT g.game_code FROM games g JOIN vendors v ON v.id = g.vendor_id
       WHERE v.code = $1 AND v.category = $2 ORDER BY g.id LIMIT 1`,
      [vendorCode, category],
    )
  ).game_code;
