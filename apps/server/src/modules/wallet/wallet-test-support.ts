import { randomBytes, randomUUID } from 'node:crypto';
import type { Envelope, MerchantAccessSettings } from '@lanna/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../db/client.ts';
import { hashPassword } from '../../shared/password.ts';
import { loginAs, TEST_OPERATOR_KEY } from '../../testing/index.ts';
import { insertHierarchy } from '../auth/index.ts';
import { checkLedgerInvariants } from '../ledger/index.ts';

/** Test helpers of the wallet routes: fresh members in a hierarchy, funding, operator calls. */

export const MEMBER_PASSWORD = 'Wallet@2026x';
export const HOSTS = { lanna: 'localhost', siam: 'siam.localhost' } as const;
export type MerchantCode = keyof typeof HOSTS;

export const OPS_HEADERS = { authorization: `Bearer ${TEST_OPERATOR_KEY}`, 'x-operator': 'tester' };

let passwordHash: Promise<string> | null = null;

export type TestMember = {
  id: number;
  username: string;
  merchantCode: MerchantCode;
  host: string;
};

/** A new member (type 0), agent (1) or trial (4) of the merchant, under `upline` if given. */
export const newMember = async (
  db: Db,
  merchantCode: MerchantCode,
  options: { type?: 0 | 1 | 4; upline?: TestMember; username?: string } = {},
): Promise<TestMember> => {
  passwordHash ??= hashPassword(MEMBER_PASSWORD);
  const username = options.username ?? `w_${randomBytes(5).toString('hex')}`;
  const merchant = await db.one<{ id: number }>('SELECT id FROM merchants WHERE code = $1', [
    merchantCode,
  ]);
  const row = await db.one<{ id: string }>(
    `INSERT INTO members (merchant_id, username, password_hash, type, nickname, upline_id)
     VALUES ($1, $2, $3, $4, $2, $5) RETURNING id`,
    [merchant.id, username, await passwordHash, options.type ?? 0, options.upline?.id ?? null],
  );
  const id = Number(row.id);
  await insertHierarchy(db, merchant.id, id, options.upline?.id ?? null);
  return { id, username, merchantCode, host: HOSTS[merchantCode] };
};

export const signIn = async (app: FastifyInstance, member: TestMember): Promise<string> =>
  (
    await loginAs(
      app,
      { username: member.username, password: MEMBER_PASSWORD },
      { host: member.host },
    )
  ).token;

/** Credits the member's main wallet through the operator adjustment route. */
export const fund = async (app: FastifyInstance, member: TestMember, amountMinor: bigint) => {
  const response = await app.inject({
    method: 'POST',
    url: `/ops/merchants/${member.merchantCode}/members/${member.username}/adjustments`,
    headers: OPS_HEADERS,
    payload: {
      direction: 'credit',
      amountMinor: amountMinor.toString(),
      reason: 'test funding',
      idempotencyKey: randomUUID(),
    },
  });
  expect(response.statusCode, response.body).toBe(200);
};

export const setFrozen = async (app: FastifyInstance, member: TestMember, frozen: boolean) => {
  const response = await app.inject({
    method: 'PUT',
    url: `/ops/merchants/${member.merchantCode}/members/${member.username}/freeze`,
    headers: OPS_HEADERS,
    payload: { frozen, reason: 'test freeze' },
  });
  expect(response.statusCode, response.body).toBe(200);
};

export const setMaintenance = async (
  app: FastifyInstance,
  merchantCode: MerchantCode,
  enabled: boolean,
) => {
  const settings: MerchantAccessSettings & { reason: string } = {
    maintenance: { enabled, startsAt: null, endsAt: null },
    regionRestriction: { enabled: false, countries: [], cidrs: [] },
    reason: 'test maintenance',
  };
  const response = await app.inject({
    method: 'PUT',
    url: `/ops/merchants/${merchantCode}/access`,
    headers: OPS_HEADERS,
    payload: settings,
  });
  expect(response.statusCode, response.body).toBe(200);
};

export const setWalletSettings = async (
  app: FastifyInstance,
  merchantCode: MerchantCode,
  settings: { isSingle: boolean; agentPolicyEnabled: boolean },
) => {
  const response = await app.inject({
    method: 'PUT',
    url: `/ops/merchants/${merchantCode}/wallet`,
    headers: OPS_HEADERS,
    payload: { ...settings, reason: 'test wallet mode' },
  });
  expect(response.statusCode, response.body).toBe(200);
};

/** The main wallet balance, in minor units, as the header reads it. */
export const mainBalance = async (app: FastifyInstance, member: TestMember, token: string) => {
  const response = await app.inject({
    method: 'GET',
    url: '/wps/v2/wallets/balance',
    headers: { host: member.host, authorization: `Bearer ${token}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return BigInt(response.json<Envelope<{ balanceMinor: string }>>().value.balanceMinor);
};

export const codeOf = (response: LightMyRequestResponse): string =>
  response.json<{ code: string }>().code;

export const transferCount = async (db: Db): Promise<number> =>
  (await db.one<{ count: number }>('SELECT count(*)::int AS count FROM ledger_transfers')).count;

export const expectLedgerSound = async (db: Db) => {
  const report = await checkLedgerInvariants(db);
  expect(report.violations).toEqual([]);
};

/** The hostile amounts every money route must refuse with 400 and no movement. */
export const BAD_AMOUNTS: readonly unknown[] = [
  '-100',
  '0',
  '00',
  '12.5',
  '0.001',
  '1e3',
  'abc',
  ' 100',
  '',
  100,
  null,
  '1000000000000001',
  '99999999999999999999',
];
