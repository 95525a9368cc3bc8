// Proves transfers between members as a member, an agent or an attacker meets them: a member
// sends to its direct upline, an agent to any member of its own subtree; both are sealed,
// confirmed by the payment password, ledgered as member_transfer and idempotent. Outside the
// subtree, another merchant's member, oneself, a member without upline, a trial, a frozen
// sender, maintenance, a wrong payment password, a reused key and hostile amounts are refused
// with their code and move nothing; a frozen recipient still receives.
import { randomUUID } from 'node:crypto';
import type { Envelope, MemberTransferResult, UplineTransferInfo } from '@lanna/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../shared/password.ts';
import { buildTestApp, openTestDb, sealedCall, type TestDb } from '../../testing/index.ts';
import {
  setFrozen,
  type TestMember,
  type SignedInMember,
} from '../../testing/factories/members.ts';
import { setMaintenance, type MerchantCode } from '../../testing/factories/merchants.ts';
import {
  BAD_AMOUNTS,
  expectLedgerSound,
  fund,
  headerBalance,
  transferCount,
  newFundedMember,
} from '../../testing/factories/money.ts';
import { codeOf } from '../../testing/requests.ts';

const PAYMENT_PASSWORD = '246810';
const UPLINE_URL = '/wps/member/transfer/upline';
const DOWNLINE_URL = '/wps/agent/transfer/downline';

let testDb: TestDb;
let app: FastifyInstance;
let paymentHash: string;

beforeAll(async () => {
  testDb = await openTestDb();
  app = await buildTestApp(testDb.db);
  paymentHash = await hashPassword(PAYMENT_PASSWORD);
});

afterAll(async () => {
  await app.close();
  await testDb.close();
});

afterEach(async () => {
  await expectLedgerSound(testDb.db);
});

type Signed = SignedInMember;

/** A member with a payment password set, signed in, and funded when asked. */
const member = async (
  merchantCode: MerchantCode,
  options: { type?: 0 | 1 | 4; upline?: TestMember; fundMinor?: bigint; username?: string } = {},
): Promise<Signed> => {
  const created = await newFundedMember(app, testDb.db, { merchantCode, ...options });
  await testDb.db.query(
    `INSERT INTO member_profiles (member_id, merchant_id, payment_password_hash)
     VALUES ($1, $2, $3)`,
    [created.memberId, created.merchantId, paymentHash],
  );
  return created;
};

const send = (from: Signed, url: string, payload: Record<string, unknown>) =>
  sealedCall(app, 'POST', url, payload, { token: from.token, host: from.host });

const toUpline = (from: Signed, amountMinor: unknown, extra: Record<string, unknown> = {}) =>
  send(from, UPLINE_URL, {
    amountMinor,
    paymentPassword: PAYMENT_PASSWORD,
    idempotencyKey: randomUUID(),
    ...extra,
  });

const toDownline = (
  from: Signed,
  downline: string,
  amountMinor: unknown,
  extra: Record<string, unknown> = {},
) =>
  send(from, DOWNLINE_URL, {
    downline,
    amountMinor,
    paymentPassword: PAYMENT_PASSWORD,
    idempotencyKey: randomUUID(),
    ...extra,
  });

const resultOf = (response: LightMyRequestResponse) =>
  response.json<Envelope<MemberTransferResult>>().value;

const balanceOf = (who: Signed) => headerBalance(app, who, who.token);

const expectRefused = (response: LightMyRequestResponse, status: number, code: string) => {
  expect(response.statusCode, response.body).toBe(status);
  expect(codeOf(response)).toBe(code);
};

describe('transfer to upline', () => {
  it('names the direct upline, or none', async () => {
    const agent = await member('lanna', { type: 1 });
    const child = await member('lanna', { upline: agent });
    const info = async (who: Signed) => {
      const response = await app.inject({
        method: 'GET',
        url: UPLINE_URL,
        headers: { host: who.host, authorization: `Bearer ${who.token}` },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Envelope<UplineTransferInfo>>().value;
    };
    expect(await info(child)).toEqual({
      upline: { account: agent.username, nickname: agent.username },
    });
    expect(await info(agent)).toEqual({ upline: null });
  });

  it('moves money to the upline once, and answers a replay with the first result', async () => {
    const agent = await member('lanna', { type: 1 });
    const child = await member('lanna', { upline: agent, fundMinor: 10_000n });
    const key = randomUUID();
    const first = await toUpline(child, '2500', { idempotencyKey: key });
    expect(first.statusCode, first.body).toBe(200);
    expect(resultOf(first)).toMatchObject({
      amountMinor: '2500',
      balanceMinor: '7500',
      recipient: { account: agent.username },
      replayed: false,
    });
    const transfers = await transferCount(testDb.db);
    const again = await toUpline(child, '2500', { idempotencyKey: key });
    expect(again.statusCode, again.body).toBe(200);
    expect(resultOf(again)).toEqual({ ...resultOf(first), replayed: true });
    expect(await transferCount(testDb.db)).toBe(transfers);
    expect(await balanceOf(child)).toBe(7_500n);
    expect(await balanceOf(agent)).toBe(2_500n);
    const type = await testDb.db.one<{ type: string }>(
      'SELECT type FROM ledger_transfers WHERE id = $1',
      [resultOf(first).transferId],
    );
    expect(type.type).toBe('member_transfer');

    const reused = await toUpline(child, '2600', { idempotencyKey: key });
    expectRefused(reused, 422, 'IDEMPOTENCY_KEY_REUSED');
  });

  it('refuses hostile amounts, an overdraft and a wrong payment password', async () => {
    const agent = await member('siam', { type: 1 });
    const child = await member('siam', { upline: agent, fundMinor: 1_000n });
    const transfers = await transferCount(testDb.db);
    for (const amountMinor of BAD_AMOUNTS) {
      const response = await toUpline(child, amountMinor);
      expect(response.statusCode, `${String(amountMinor)}: ${response.body}`).toBe(400);
      expect(codeOf(response)).toBe('VALIDATION_FAILED');
    }
    expectRefused(await toUpline(child, '1001'), 409, 'INSUFFICIENT_BALANCE');
    expectRefused(
      await toUpline(child, '100', { paymentPassword: '000000' }),
      403,
      'PAYMENT_PASSWORD_WRONG',
    );
    expect(await transferCount(testDb.db)).toBe(transfers);
    expect(await balanceOf(child)).toBe(1_000n);
  });

  it('refuses a clear-text body, a member without upline and a trial', async () => {
    const loner = await member('lanna', { fundMinor: 1_000n });
    const clear = await app.inject({
      method: 'POST',
      url: UPLINE_URL,
      headers: { host: loner.host, authorization: `Bearer ${loner.token}` },
      payload: {
        amountMinor: '100',
        paymentPassword: PAYMENT_PASSWORD,
        idempotencyKey: randomUUID(),
      },
    });
    expectRefused(clear, 400, 'PAYLOAD_ENCRYPTION_REQUIRED');
    expectRefused(await toUpline(loner, '100'), 409, 'NO_UPLINE');
    const agent = await member('lanna', { type: 1 });
    const trial = await member('lanna', { type: 4, upline: agent });
    expectRefused(await toUpline(trial, '100'), 403, 'TRIAL_ACCOUNT_FORBIDDEN');
  });

  it('refuses a frozen sender and maintenance, yet a frozen upline receives', async () => {
    const agent = await member('lanna', { type: 1 });
    const child = await member('lanna', { upline: agent, fundMinor: 3_000n });
    await setFrozen(app, child, true);
    expectRefused(await toUpline(child, '100'), 403, 'ACCOUNT_FROZEN');
    await setFrozen(app, child, false);
    await setFrozen(app, agent, true);
    expect((await toUpline(child, '100')).statusCode).toBe(200);
    await setFrozen(app, agent, false);
    await setMaintenance(app, 'lanna', true);
    try {
      expectRefused(await toUpline(child, '100'), 503, 'MAINTENANCE');
    } finally {
      await setMaintenance(app, 'lanna', false);
    }
    expect(await balanceOf(child)).toBe(2_900n);
    expect(await balanceOf(agent)).toBe(100n);
  });
});

describe('transfer to downline', () => {
  it('reaches any member of the own subtree, at any depth', async () => {
    const agent = await member('siam', { type: 1, fundMinor: 10_000n });
    const subAgent = await member('siam', { type: 1, upline: agent });
    const grandchild = await member('siam', { upline: subAgent });
    const direct = await toDownline(agent, subAgent.username, '1000');
    expect(direct.statusCode, direct.body).toBe(200);
    const deep = await toDownline(agent, grandchild.username.toUpperCase(), '2000');
    expect(deep.statusCode, deep.body).toBe(200);
    expect(resultOf(deep)).toMatchObject({
      recipient: { account: grandchild.username },
      balanceMinor: '7000',
    });
    expect(await balanceOf(grandchild)).toBe(2_000n);
    // The sub-agent's own subtree, not its upline.
    await fund(app, subAgent, 500n);
    expectRefused(await toDownline(subAgent, agent.username, '100'), 404, 'RECIPIENT_NOT_FOUND');
  });

  it('refuses anyone outside the subtree, oneself, and accounts that cannot receive', async () => {
    const agent = await member('lanna', { type: 1, fundMinor: 5_000n });
    const otherAgent = await member('lanna', { type: 1 });
    const stranger = await member('lanna', { upline: otherAgent });
    const trialChild = await member('lanna', { type: 4, upline: agent });
    const siamNamesake = await member('siam', { username: `${agent.username}x` });
    const transfers = await transferCount(testDb.db);
    for (const name of [
      stranger.username,
      otherAgent.username,
      trialChild.username,
      siamNamesake.username,
      'demo_member',
      'nobody_at_all',
    ]) {
      expectRefused(await toDownline(agent, name, '100'), 404, 'RECIPIENT_NOT_FOUND');
    }
    expectRefused(await toDownline(agent, agent.username, '100'), 400, 'TRANSFER_TO_SELF');
    expect(await transferCount(testDb.db)).toBe(transfers);
    expect(await balanceOf(agent)).toBe(5_000n);
  });

  it('is for agents only, idempotent, and refuses bad input', async () => {
    const agent = await member('lanna', { type: 1, fundMinor: 5_000n });
    const child = await member('lanna', { upline: agent, fundMinor: 1_000n });
    const grandchild = await member('lanna', { upline: child });
    expectRefused(await toDownline(child, grandchild.username, '100'), 403, 'FORBIDDEN');
    const key = randomUUID();
    const first = await toDownline(agent, child.username, '1500', { idempotencyKey: key });
    const again = await toDownline(agent, child.username, '1500', { idempotencyKey: key });
    expect(resultOf(again)).toEqual({ ...resultOf(first), replayed: true });
    expectRefused(
      await toDownline(agent, grandchild.username, '1500', { idempotencyKey: key }),
      422,
      'IDEMPOTENCY_KEY_REUSED',
    );
    for (const amountMinor of BAD_AMOUNTS) {
      const response = await toDownline(agent, child.username, amountMinor);
      expect(response.statusCode, String(amountMinor)).toBe(400);
    }
    expectRefused(await toDownline(agent, '', '100'), 400, 'VALIDATION_FAILED');
    expectRefused(await toDownline(agent, child.username, '3501'), 409, 'INSUFFICIENT_BALANCE');
    await setFrozen(app, agent, true);
    expectRefused(await toDownline(agent, child.username, '100'), 403, 'ACCOUNT_FROZEN');
    await setFrozen(app, agent, false);
    expect(await balanceOf(agent)).toBe(3_500n);
    expect(await balanceOf(child)).toBe(2_500n);
  });
});
