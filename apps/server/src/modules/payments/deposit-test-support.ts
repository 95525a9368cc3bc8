import { randomBytes } from 'node:crypto';
import type { Envelope } from '@lanna/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { TEST_OPERATOR_KEY } from '../../testing/index.ts';
import { policyOf, startSession } from '../auth/index.ts';
import { checkLedgerInvariants, findMemberAccounts } from '../ledger/index.ts';

/** Test helpers of deposits: members with sessions, balances, and the operator's calls. */

export const HOSTS = { lanna: 'localhost', siam: 'siam.localhost' } as const;
export type MerchantCode = keyof typeof HOSTS;
export const OPS_AUTH = { authorization: `Bearer ${TEST_OPERATOR_KEY}` };

export type TestMember = { merchantId: number; memberId: number; token: string; host: string };

type MemberRow = { id: string; merchant_id: number };

/** The member of `row` with a session straight from the auth service (this tests deposits). */
const withSession = async (
  app: FastifyInstance,
  db: Db,
  row: MemberRow,
  merchantCode: MerchantCode,
): Promise<TestMember> => {
  const memberId = Number(row.id);
  const session = await startSession(db, policyOf(app.config), {
    merchantId: row.merchant_id,
    memberId,
    method: 'password',
    now: app.clock(),
    ip: '127.0.0.1',
    userAgent: 'vitest',
    previousLogin: null,
  });
  return { merchantId: row.merchant_id, memberId, token: session.token, host: HOSTS[merchantCode] };
};

/** A seeded account, signed in. */
export const demoMember = async (
  app: FastifyInstance,
  db: Db,
  merchantCode: MerchantCode,
  username: string,
): Promise<TestMember> => {
  const row = await db.one<MemberRow>(
    `SELECT u.id::text AS id, u.merchant_id FROM members u JOIN merchants m ON m.id = u.merchant_id
     WHERE m.code = $1 AND u.username = $2`,
    [merchantCode, username],
  );
  return withSession(app, db, row, merchantCode);
};

/** A member no other test touches, signed in. */
export const newMember = async (
  app: FastifyInstance,
  db: Db,
  merchantCode: MerchantCode = 'lanna',
): Promise<TestMember> => {
  const row = await db.one<MemberRow>(
    `INSERT INTO members (merchant_id, username, password_hash, type)
     SELECT id, $2, '!', 0 FROM merchants WHERE code = $1
     RETURNING id::text AS id, merchant_id`,
    [merchantCode, `dep_${randomBytes(5).toString('hex')}`],
  );
  return withSession(app, db, row, merchantCode);
};

export const mainBalance = async (db: Db, member: TestMember): Promise<bigint> =>
  (await findMemberAccounts(db, member.merchantId, member.memberId)).find(
    (account) => account.kind === 'main',
  )?.balanceMinor ?? 0n;

export const channelId = async (db: Db, merchantCode: MerchantCode, code: string) =>
  (
    await db.one<{ id: number }>(
      `SELECT c.id FROM payment_channels c JOIN merchants m ON m.id = c.merchant_id
       WHERE m.code = $1 AND c.code = $2`,
      [merchantCode, code],
    )
  ).id;

export const freshKey = (): string => `key-${randomBytes(8).toString('hex')}`;

export const postDeposit = (app: FastifyInstance, member: TestMember, body: unknown) =>
  app.inject({
    method: 'POST',
    url: '/wps/payments/deposits',
    headers: { host: member.host, authorization: `Bearer ${member.token}` },
    payload: body as Record<string, unknown>,
  });

/** A deposit request through lanna's gateway channel under a fresh key. */
export const gatewayDepositBody = async (db: Db, amountMinor = '75000') => ({
  channelId: await channelId(db, 'lanna', 'promptpay'),
  amountMinor,
  idempotencyKey: freshKey(),
});

export const countOf = async (db: Db, table: 'deposits' | 'ledger_transfers' | 'audit_log') =>
  (await db.one<{ count: number }>(`SELECT count(*)::int AS count FROM ${table}`)).count;

/** The value of a 200 answer, parsed by its contract schema (every API test is a contract test). */
export const valueOf = <T>(response: LightMyRequestResponse, schema: z.ZodType<T>): T => {
  expect(response.statusCode, response.body).toBe(200);
  return schema.parse(response.json<Envelope<unknown>>().value);
};

export const codeOf = (response: LightMyRequestResponse): string =>
  response.json<{ code: string }>().code;

export const expectLedgerSound = async (db: Db): Promise<void> => {
  expect((await checkLedgerInvariants(db)).violations).toEqual([]);
};
