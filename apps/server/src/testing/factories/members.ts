import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../db/client.ts';
import { insertHierarchy, policyOf, startSession } from '../../modules/auth/index.ts';
import { hashPassword } from '../../shared/password.ts';
import { loginAs } from '../auth.ts';
import { OPERATOR_HEADERS } from '../requests.ts';
import { HOSTS, merchantIdOf, type MerchantCode } from './merchants.ts';

/**
 * Members, agents and trials of the seeded merchants, made with SQL the way registration makes
 * them (the member row, its place in the hierarchy, its payee name), each with a fresh username
 * no other test shares.
 */

/** The password every made member signs in with. */
export const MEMBER_PASSWORD = 'Member@2026x';
export const PAYEE_NAME = 'Somchai Jaidee';

export type TestMember = {
  memberId: number;
  merchantId: number;
  merchantCode: MerchantCode;
  username: string;
  host: string;
};
export type SignedInMember = TestMember & { token: string };

export type MemberOptions = {
  merchantCode?: MerchantCode;
  /** 0 member, 1 agent, 4 trial. */
  type?: 0 | 1 | 4;
  upline?: TestMember | null;
  username?: string;
  /** The name withdrawals are paid to; none when null or absent. */
  payeeName?: string | null;
  mobileNum?: string;
  email?: string;
  registerIp?: string;
  /** A member who cannot sign in with a password passes '!'. */
  passwordHash?: string;
};

let memberPasswordHash: Promise<string> | null = null;

export const newMember = async (db: Db, options: MemberOptions = {}): Promise<TestMember> => {
  const merchantCode = options.merchantCode ?? 'lanna';
  const merchantId = await merchantIdOf(db, merchantCode);
  const username = options.username ?? `m_${randomBytes(5).toString('hex')}`;
  memberPasswordHash ??= hashPassword(MEMBER_PASSWORD);
  const hasContact = options.mobileNum !== undefined || options.email !== undefined;
  const row = await db.one<{ id: string }>(
    `INSERT INTO members (merchant_id, username, password_hash, type, nickname, upline_id,
       mobile_num, country_dialing_code, email, register_ip)
     VALUES ($1, $2, $3, $4, $2, $5, $6, $7, $8, $9) RETURNING id`,
    [
      merchantId,
      username,
      options.passwordHash ?? (await memberPasswordHash),
      options.type ?? 0,
      options.upline?.memberId ?? null,
      options.mobileNum ?? null,
      hasContact ? '+66' : null,
      options.email ?? null,
      options.registerIp ?? null,
    ],
  );
  const memberId = Number(row.id);
  await insertHierarchy(db, merchantId, memberId, options.upline?.memberId ?? null);
  if (options.payeeName) {
    await db.query(
      'INSERT INTO member_profiles (member_id, merchant_id, payee_name) VALUES ($1, $2, $3)',
      [memberId, merchantId, options.payeeName],
    );
  }
  return { memberId, merchantId, merchantCode, username, host: HOSTS[merchantCode] };
};

/** A session straight from the auth service, at the app's clock: for tests of other modules. */
export const sessionTokenOf = async (
  app: FastifyInstance,
  db: Db,
  member: TestMember,
): Promise<string> =>
  (
    await startSession(db, policyOf(app.config), {
      merchantId: member.merchantId,
      memberId: member.memberId,
      method: 'password',
      now: app.clock(),
      ip: '127.0.0.1',
      userAgent: 'vitest',
      previousLogin: null,
    })
  ).token;

/** A new member with a session; a payee name unless `payeeName: null`. */
export const newSignedInMember = async (
  app: FastifyInstance,
  db: Db,
  options: MemberOptions = {},
): Promise<SignedInMember> => {
  const member = await newMember(db, { payeeName: PAYEE_NAME, ...options });
  return { ...member, token: await sessionTokenOf(app, db, member) };
};

/** Signs the member in again: after the test clock jumps, the old session has timed out. */
export const signInAgain = async (app: FastifyInstance, db: Db, member: SignedInMember) => {
  member.token = await sessionTokenOf(app, db, member);
};

/** A seeded (demo) account of the merchant, with a session. */
export const demoMember = async (
  app: FastifyInstance,
  db: Db,
  merchantCode: MerchantCode,
  username: string,
): Promise<SignedInMember> => {
  const merchantId = await merchantIdOf(db, merchantCode);
  const row = await db.one<{ id: string }>(
    'SELECT id::text AS id FROM members WHERE merchant_id = $1 AND username = $2',
    [merchantId, username],
  );
  const member = {
    memberId: Number(row.id),
    merchantId,
    merchantCode,
    username,
    host: HOSTS[merchantCode],
  };
  return { ...member, token: await sessionTokenOf(app, db, member) };
};

/** Signs the member in through the login route, as the site does; returns the token. */
export const signIn = async (app: FastifyInstance, member: TestMember): Promise<string> =>
  (
    await loginAs(
      app,
      { username: member.username, password: MEMBER_PASSWORD },
      { host: member.host },
    )
  ).token;

/** A member with a mobile number or e-mail address, without a password unless given one. */
export const newContactMember = async (db: Db, options: MemberOptions): Promise<number> =>
  (await newMember(db, { passwordHash: '!', ...options })).memberId;

/** Freezes or unfreezes the member through the operator route. */
export const setFrozen = async (app: FastifyInstance, member: TestMember, frozen: boolean) => {
  const response = await app.inject({
    method: 'PUT',
    url: `/ops/merchants/${member.merchantCode}/members/${member.username}/freeze`,
    headers: OPERATOR_HEADERS,
    payload: { frozen, reason: 'test freeze' },
  });
  expect(response.statusCode, response.body).toBe(200);
};
