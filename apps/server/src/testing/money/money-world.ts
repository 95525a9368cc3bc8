import { randomBytes } from 'node:crypto';
import type { WithdrawalSettings } from '@lanna/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { insertHierarchy, policyOf, startSession } from '../../modules/auth/index.ts';
import {
  ensureVendorCredentials,
  issueVendorSession,
  vendorWalletConfigOf,
} from '../../modules/vendor-wallet/index.ts';
import { hashPassword } from '../../shared/password.ts';
import { buildTestApp, openTestDb, TEST_OPERATOR_KEY, type TestDb } from '../index.ts';
import { moneyApi, type MemberRef, type MoneyApi, type VendorSigner } from './money-api.ts';
import { injectTransport } from './transport.ts';

/**
 * The people of the money tests, made the way the product makes them where it has a route
 * (payment password, bank card, vendor secret, withdrawal settings) and with SQL only for what
 * registration would do (the member row, its place in the hierarchy, its payee name).
 */
export const LOGIN_PASSWORD = 'Money@2026x';
export const PIN = '246810';
/** The transfer-wallet merchant of the demo data and the vendor its members play at. */
export const MONEY_MERCHANT = { code: 'siam', host: 'siam.localhost', vendorCode: 'PG' } as const;
const PAYEE_NAME = 'Somchai Jaidee';

/**
 * Withdrawal rules that leave only the money to decide: any amount from 1, up to 1,000 a day,
 * no turnover, and a payment password that locks only after 100 wrong tries.
 */
export const OPEN_WITHDRAWAL_SETTINGS: WithdrawalSettings = {
  minAmountMinor: '1',
  maxAmountMinor: '1000000000000',
  dailyCount: 1000,
  dailyAmountMinor: '1000000000000000',
  turnoverMultiplierPercent: 0,
  confirmMinutes: 600,
  maxBankCards: 3,
  maxEWallets: 3,
  paymentPasswordLockAfter: 100,
  paymentPasswordLockMinutes: 1,
};

export type MoneyMember = MemberRef & {
  memberId: number;
  merchantId: number;
  merchantCode: string;
  /** The bank card withdrawals go to; null for a member set up without payments. */
  payeeAccountId: string | null;
  /** What the game launch gave the vendor: the player and a live token. */
  playerId: string;
  vendorToken: string;
};

let loginHash: Promise<string> | null = null;

const expectOk = (what: string, answer: { status: number; text: string }) => {
  if (answer.status !== 200) throw new Error(`${what}: ${answer.status} ${answer.text}`);
};

export const merchantIdOf = async (db: Db, code: string): Promise<number> =>
  (await db.one<{ id: number }>('SELECT id FROM merchants WHERE code = $1', [code])).id;

export const bankChannelIdOf = async (db: Db, merchantId: number): Promise<number> =>
  (
    await db.one<{ id: number }>(
      `SELECT id FROM payment_channels WHERE merchant_id = $1 AND kind = 'bank_transfer'
       ORDER BY sort LIMIT 1`,
      [merchantId],
    )
  ).id;

/**
 * A new member (type 0) or agent (1) of the money merchant, signed in, under `upline`; with
 * `payments`, a payment password and a bank card bound through their routes.
 */
export const newMoneyMember = async (
  db: Db,
  api: MoneyApi,
  options: {
    type?: 0 | 1;
    upline?: MoneyMember | null;
    payments?: boolean;
    now?: Date;
    session?: { SESSION_IDLE_MINUTES: number; SESSION_MAX_DAYS: number };
  } = {},
): Promise<MoneyMember> => {
  const now = options.now ?? new Date();
  const merchantId = await merchantIdOf(db, MONEY_MERCHANT.code);
  loginHash ??= hashPassword(LOGIN_PASSWORD);
  const username = `money_${randomBytes(5).toString('hex')}`;
  const row = await db.one<{ id: string }>(
    `INSERT INTO members (merchant_id, username, password_hash, type, nickname, upline_id)
     VALUES ($1, $2, $3, $4, $2, $5) RETURNING id`,
    [merchantId, username, await loginHash, options.type ?? 0, options.upline?.memberId ?? null],
  );
  const memberId = Number(row.id);
  await insertHierarchy(db, merchantId, memberId, options.upline?.memberId ?? null);
  await db.query(
    'INSERT INTO member_profiles (member_id, merchant_id, payee_name) VALUES ($1, $2, $3)',
    [memberId, merchantId, PAYEE_NAME],
  );
  const session = await startSession(
    db,
    policyOf(options.session ?? { SESSION_IDLE_MINUTES: 240, SESSION_MAX_DAYS: 1 }),
    {
      merchantId,
      memberId,
      method: 'password',
      now,
      ip: '127.0.0.1',
      userAgent: 'money-tests',
      previousLogin: null,
    },
  );
  const vendorSession = await issueVendorSession(db, {
    merchantId,
    memberId,
    vendorCode: MONEY_MERCHANT.vendorCode,
    expiresAt: new Date(now.getTime() + 12 * 3_600_000),
    now,
  });
  const member: MoneyMember = {
    username,
    token: session.token,
    host: MONEY_MERCHANT.host,
    memberId,
    merchantId,
    merchantCode: MONEY_MERCHANT.code,
    payeeAccountId: null,
    playerId: vendorSession.playerId,
    vendorToken: vendorSession.token,
  };
  if (options.payments) {
    expectOk(
      'payment password',
      await api.setPaymentPassword(member, {
        loginPassword: LOGIN_PASSWORD,
        newPaymentPassword: PIN,
        confirmPaymentPassword: PIN,
      }),
    );
    const card = await api.bindBankCard(member, {
      bankName: 'Kasikorn Bank',
      accountName: PAYEE_NAME,
      accountNumber: String(1_000_000_000 + memberId),
      paymentPassword: PIN,
    });
    expectOk('bank card', card);
    member.payeeAccountId = (card.value as { id: string }).id;
  }
  return member;
};

/** The merchant ready for money tests: open withdrawal rules, no maintenance, a vendor secret. */
export const prepareMoneyMerchant = async (api: MoneyApi): Promise<VendorSigner> => {
  expectOk(
    'withdrawal settings',
    await api.putWithdrawalSettings(MONEY_MERCHANT.code, OPEN_WITHDRAWAL_SETTINGS),
  );
  expectOk('maintenance off', await api.setMaintenance(MONEY_MERCHANT.code, false));
  const rotated = await api.rotateVendorSecret(MONEY_MERCHANT.code, MONEY_MERCHANT.vendorCode);
  expectOk('vendor secret', rotated);
  return {
    merchantCode: MONEY_MERCHANT.code,
    vendorCode: MONEY_MERCHANT.vendorCode,
    secret: (rotated.value as { secret: string }).secret,
  };
};

export type MoneyTestApp = {
  testDb: TestDb;
  app: FastifyInstance;
  api: MoneyApi;
  signer: VendorSigner;
  close: () => Promise<void>;
};

/**
 * A fresh database and the real app driven in process, with vendor credentials as main.ts
 * makes them at start (a test app is not started so) and the merchant prepared.
 */
export const openMoneyTestApp = async (): Promise<MoneyTestApp> => {
  const testDb = await openTestDb();
  const app = await buildTestApp(testDb.db);
  await ensureVendorCredentials(testDb.db, vendorWalletConfigOf(app.config), new Date());
  const api = moneyApi(injectTransport(app), { operatorKey: TEST_OPERATOR_KEY });
  return {
    testDb,
    app,
    api,
    signer: await prepareMoneyMerchant(api),
    close: async () => {
      await app.close();
      await testDb.close();
    },
  };
};
