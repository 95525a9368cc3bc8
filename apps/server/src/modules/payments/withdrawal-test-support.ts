import { randomBytes, randomUUID } from 'node:crypto';
import {
  type Envelope,
  type PayeeAccount,
  PayeeAccountSchema,
  type Withdrawal,
  WithdrawalSchema,
} from '@lanna/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { hashPassword } from '../../shared/password.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock } from '../../shared/clock.ts';
import {
  buildTestApp,
  openTestDb,
  sealedCall,
  TEST_OPERATOR_KEY,
  type TestDb,
} from '../../testing/index.ts';
import { policyOf, startSession } from '../auth/index.ts';
import {
  findMemberAccounts,
  getOrCreateHouseAccount,
  getOrCreateMemberAccount,
  moveEntries,
  postTransfer,
  type TransferType,
} from '../ledger/index.ts';

/** Test helpers for withdrawals: fresh members with sessions, money, a PIN and a bank card. */

export const LOGIN_PASSWORD = 'Login@12345';
export const PIN = '135790';

export type TestMember = {
  merchantId: number;
  merchantCode: string;
  memberId: number;
  username: string;
  token: string;
  host: string;
};

const HOSTS: Record<string, string> = { lanna: 'localhost', siam: 'siam.localhost' };
let loginHash: Promise<string> | null = null;

/** A new member (never shared between tests) signed in on its merchant. */
export const newMember = async (
  app: FastifyInstance,
  db: Db,
  options: { merchantCode?: string; payeeName?: string | null; type?: number } = {},
): Promise<TestMember> => {
  const merchantCode = options.merchantCode ?? 'lanna';
  const merchant = await db.one<{ id: number }>('SELECT id FROM merchants WHERE code = $1', [
    merchantCode,
  ]);
  const username = `wd_${randomBytes(5).toString('hex')}`;
  loginHash ??= hashPassword(LOGIN_PASSWORD);
  const member = await db.one<{ id: string }>(
    `INSERT INTO members (merchant_id, username, password_hash, type, nickname)
     VALUES ($1, $2, $3, $4, $2) RETURNING id`,
    [merchant.id, username, await loginHash, options.type ?? 0],
  );
  const memberId = Number(member.id);
  const payeeName = options.payeeName === undefined ? 'Somchai Jaidee' : options.payeeName;
  if (payeeName !== null)
    await db.query(
      'INSERT INTO member_profiles (member_id, merchant_id, payee_name) VALUES ($1, $2, $3)',
      [memberId, merchant.id, payeeName],
    );
  return {
    merchantId: merchant.id,
    merchantCode,
    memberId,
    username,
    token: await sessionToken(app, db, merchant.id, memberId),
    host: HOSTS[merchantCode] ?? 'localhost',
  };
};

const sessionToken = async (app: FastifyInstance, db: Db, merchantId: number, memberId: number) =>
  (
    await startSession(db, policyOf(app.config), {
      merchantId,
      memberId,
      method: 'password',
      now: app.clock(),
      ip: '127.0.0.1',
      userAgent: 'vitest',
      previousLogin: null,
    })
  ).token;

/** Signs the member in again: after the test clock jumps, the old session has timed out. */
export const signInAgain = async (app: FastifyInstance, db: Db, member: TestMember) => {
  member.token = await sessionToken(app, db, member.merchantId, member.memberId);
};

/** Moves money between the member's main wallet and a house account, as other modules do. */
const move = async (
  app: FastifyInstance,
  db: Db,
  member: TestMember,
  type: TransferType,
  amountMinor: bigint,
) => {
  const main = await getOrCreateMemberAccount(db, member.merchantId, member.memberId, {
    kind: 'main',
  });
  const house =
    type === 'deposit'
      ? await getOrCreateHouseAccount(db, member.merchantId, { kind: 'cash_in' })
      : await getOrCreateHouseAccount(db, member.merchantId, { kind: 'game', vendorCode: 'TEST' });
  const toMember = type === 'deposit' || type === 'rollback' || type === 'win';
  await postTransfer(
    db,
    {
      merchantId: member.merchantId,
      type,
      idempotencyKey: `test:${type}:${randomUUID()}`,
      entries: toMember
        ? moveEntries(house.id, main.id, amountMinor)
        : moveEntries(main.id, house.id, amountMinor),
    },
    { now: app.clock() },
  );
};

export const deposit = (app: FastifyInstance, db: Db, member: TestMember, amountMinor: bigint) =>
  move(app, db, member, 'deposit', amountMinor);
export const bet = (app: FastifyInstance, db: Db, member: TestMember, amountMinor: bigint) =>
  move(app, db, member, 'bet', amountMinor);
export const rollback = (app: FastifyInstance, db: Db, member: TestMember, amountMinor: bigint) =>
  move(app, db, member, 'rollback', amountMinor);

/** The member's main and locked balances. */
export const balancesOf = async (db: Db, member: TestMember) => {
  const accounts = await findMemberAccounts(db, member.merchantId, member.memberId);
  const of = (kind: string) =>
    accounts.find((account) => account.kind === kind)?.balanceMinor ?? 0n;
  return { main: of('main'), locked: of('locked') };
};

export const sealedAs = (
  app: FastifyInstance,
  member: TestMember,
  method: 'POST' | 'PUT',
  url: string,
  payload: unknown,
) => sealedCall(app, method, url, payload, { token: member.token, host: member.host });

export const getAs = (app: FastifyInstance, member: TestMember, url: string) =>
  app.inject({
    method: 'GET',
    url,
    headers: { host: member.host, authorization: `Bearer ${member.token}` },
  });

export const postAs = (app: FastifyInstance, member: TestMember, url: string, payload: unknown) =>
  app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { host: member.host, authorization: `Bearer ${member.token}` },
  });

/** The value of a success envelope, parsed by its contract schema. */
export const valueOf = <S extends z.ZodType>(
  schema: S,
  response: LightMyRequestResponse,
): z.output<S> => schema.parse(response.json<Envelope<unknown>>().value);

export const codeOf = (response: LightMyRequestResponse): string =>
  response.json<{ code: string }>().code;

export const setPin = async (app: FastifyInstance, member: TestMember, pin = PIN) => {
  const response = await sealedAs(app, member, 'POST', '/wps/payments/payment-password', {
    loginPassword: LOGIN_PASSWORD,
    newPaymentPassword: pin,
    confirmPaymentPassword: pin,
  });
  if (response.statusCode !== 200) throw new Error(`set PIN failed: ${response.body}`);
};

export const bindCard = async (
  app: FastifyInstance,
  member: TestMember,
  accountNumber = `${Date.now()}`.slice(-10),
): Promise<PayeeAccount> => {
  const response = await sealedAs(app, member, 'POST', '/wps/payments/payee-accounts/bank-cards', {
    bankName: 'Kasikorn Bank',
    accountName: 'Somchai Jaidee',
    accountNumber,
    paymentPassword: PIN,
  });
  if (response.statusCode !== 200) throw new Error(`bind failed: ${response.body}`);
  return valueOf(PayeeAccountSchema, response);
};

/** A member with money, a PIN and a bank card, ready to withdraw. */
export const readyMember = async (
  app: FastifyInstance,
  db: Db,
  depositMinor: bigint,
  options: { merchantCode?: string } = {},
) => {
  const member = await newMember(app, db, options);
  if (depositMinor > 0n) {
    await deposit(app, db, member, depositMinor);
    await bet(app, db, member, depositMinor);
    await rollback(app, db, member, depositMinor);
    // Turnover counts bets net of rollbacks: bet the deposit again so it is met.
    await bet(app, db, member, depositMinor);
    await move(app, db, member, 'win', depositMinor);
  }
  await setPin(app, member);
  const card = await bindCard(app, member);
  return { member, card };
};

export const withdraw = (
  app: FastifyInstance,
  member: TestMember,
  input: { amountMinor: string; payeeAccountId: string; key?: string; pin?: string },
) =>
  sealedAs(app, member, 'POST', '/wps/payments/withdrawals', {
    idempotencyKey: input.key ?? randomUUID(),
    amountMinor: input.amountMinor,
    payeeAccountId: input.payeeAccountId,
    paymentPassword: input.pin ?? PIN,
  });

export const withdrawOk = async (
  app: FastifyInstance,
  member: TestMember,
  input: { amountMinor: string; payeeAccountId: string },
): Promise<Withdrawal> => {
  const response = await withdraw(app, member, input);
  if (response.statusCode !== 200) throw new Error(`withdraw failed: ${response.body}`);
  return valueOf(WithdrawalSchema, response);
};

export const ops = (
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
) =>
  app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${TEST_OPERATOR_KEY}`, 'x-operator': 'alice' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

export type WithdrawalTestApp = { testDb: TestDb; app: FastifyInstance; dataDir: string };

/** A fresh database and app whose proof images go to a temporary DATA_DIR. */
export const openWithdrawalTestApp = async (clock?: Clock): Promise<WithdrawalTestApp> => {
  const testDb = await openTestDb();
  const dataDir = await mkdtemp(join(tmpdir(), 'lanna-wd-'));
  const app = await buildTestApp(testDb.db, {
    env: { DATA_DIR: dataDir },
    ...(clock ? { clock } : {}),
  });
  return { testDb, app, dataDir };
};

export const closeWithdrawalTestApp = async ({ testDb, app, dataDir }: WithdrawalTestApp) => {
  await app.close();
  await testDb.close();
  await rm(dataDir, { recursive: true, force: true });
};
