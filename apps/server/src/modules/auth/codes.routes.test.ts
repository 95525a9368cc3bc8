// Proves the SMS code calls and the human check over HTTP: codes reach the outbox and are bound
// to the number, a proof works once, sends are spaced per number and per client and limited per
// 5-minute window with 429s, a number without an account answers the same but gets nothing,
// merchant flags are obeyed, and bad input is a 4xx that sends and records nothing.
import {
  solveHumanChallenge,
  type Envelope,
  type ErrorEnvelope,
  type HumanChallenge,
} from '@lanna/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, movableClock, openTestDb, type TestDb } from '../../testing/index.ts';
import { humanProof } from '../../testing/auth.ts';
import { newContactMember } from '../../testing/factories/members.ts';
import { outboxSms } from '../../testing/outbox.ts';
import { OPERATOR_AUTH } from '../../testing/requests.ts';

const SIAM = { host: 'siam.localhost' };
const LANNA = { host: 'localhost' };
const START = Date.parse('2026-06-01T00:00:00.000Z');

let testDb: TestDb;
let app: FastifyInstance;
const clock = movableClock('2026-06-01T00:00:00.000Z');
// Every test starts a day later than the last, so the send windows of one never touch another.
let day = 0;
const at = (seconds: number) =>
  clock.set(new Date(START + day * 86_400_000 + seconds * 1000).toISOString());

beforeAll(async () => {
  testDb = await openTestDb();
  app = await buildTestApp(testDb.db, { clock, env: { HUMAN_CHALLENGE_MAX_NUMBER: '200' } });
  await newContactMember(testDb.db, {
    merchantCode: 'siam',
    username: 'somchai',
    mobileNum: '0812345678',
  });
});

afterAll(async () => {
  await app.close();
  await testDb.close();
});

beforeEach(() => {
  day += 1;
  at(0);
});

const sendRegister = async (
  mobileNo: string,
  options: { remoteAddress?: string; host?: string } = {},
) =>
  app.inject({
    method: 'POST',
    url: '/wps/verification/sms/register',
    headers: { host: options.host ?? SIAM.host },
    remoteAddress: options.remoteAddress ?? '198.51.100.7',
    payload: {
      mobileNo,
      regType: 'mobile',
      humanVerification: await humanProof(app, options.host ?? SIAM.host),
    },
  });

const sendLogin = async (mobileNum: string, remoteAddress = '198.51.100.8') =>
  app.inject({
    method: 'POST',
    url: '/wps/verification/sms/noLogin',
    headers: SIAM,
    remoteAddress,
    payload: { mobileNum, humanVerification: await humanProof(app, SIAM.host) },
  });

const sendCount = async () =>
  (await testDb.db.one<{ count: number }>('SELECT count(*)::int AS count FROM code_send_log'))
    .count;

describe('human check', () => {
  it('issues a signed challenge that the browser solver answers, once', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/wps/human/challenge',
      headers: LANNA,
    });
    expect(response.statusCode).toBe(200);
    const challenge = response.json<Envelope<HumanChallenge>>().value;
    expect(challenge).toMatchObject({ algorithm: 'SHA-256', maxNumber: 200 });
    const proof = await solveHumanChallenge(challenge);
    const payload = { mobileNo: '0899000001', regType: 'mobile', humanVerification: proof };
    const first = await app.inject({
      method: 'POST',
      url: '/wps/verification/sms/register',
      headers: SIAM,
      payload,
    });
    expect(first.statusCode, first.body).toBe(200);
    at(120);
    const replay = await app.inject({
      method: 'POST',
      url: '/wps/verification/sms/register',
      headers: SIAM,
      payload,
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json<ErrorEnvelope>().code).toBe('HUMAN_CHECK_FAILED');
  });

  it('refuses a tampered, forged or expired proof', async () => {
    const good = await humanProof(app, SIAM.host);
    const decoded = JSON.parse(Buffer.from(good.proof, 'base64').toString()) as Record<
      string,
      unknown
    >;
    const tampered = {
      proof: Buffer.from(
        JSON.stringify({ ...decoded, number: Number(decoded['number']) + 1 }),
      ).toString('base64'),
    };
    const forged = {
      proof: Buffer.from(JSON.stringify({ ...decoded, signature: 'a'.repeat(64) })).toString(
        'base64',
      ),
    };
    for (const humanVerification of [tampered, forged, { proof: 'bm90IGpzb24=' }]) {
      const response = await app.inject({
        method: 'POST',
        url: '/wps/verification/sms/register',
        headers: SIAM,
        payload: { mobileNo: '0899000002', regType: 'mobile', humanVerification },
      });
      expect(response.json<ErrorEnvelope>().code).toBe('HUMAN_CHECK_FAILED');
    }
    at(11 * 60);
    const expired = await app.inject({
      method: 'POST',
      url: '/wps/verification/sms/register',
      headers: SIAM,
      payload: { mobileNo: '0899000002', regType: 'mobile', humanVerification: good },
    });
    expect(expired.json<ErrorEnvelope>().code).toBe('HUMAN_CHECK_FAILED');
    expect(await outboxSms(app, 'siam', '+66899000002')).toEqual([]);
  });
});

describe('POST /wps/verification/sms/register', () => {
  it('sends a 6-digit code to the outbox and says how long it lives', async () => {
    const response = await sendRegister('0899000010');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Envelope<unknown>>()).toMatchObject({
      success: true,
      value: { expiredMinutes: 5 },
    });
    const [message] = await outboxSms(app, 'siam', '+66899000010');
    expect(message?.body).toMatch(/\b\d{6}\b/);
    expect(message?.body).toContain('5 minutes');
  });

  it('refuses a merchant without SMS verification (REGMOBVERF3 off)', async () => {
    const response = await sendRegister('0899000011', { host: LANNA.host });
    expect(response.statusCode).toBe(403);
    expect(response.json<ErrorEnvelope>().code).toBe('FEATURE_DISABLED');
  });

  it('refuses a number that cannot be a phone number', async () => {
    const response = await sendRegister('0000');
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorEnvelope>().code).toBe('PHONE_INVALID');
  });

  it('spaces sends to one number by 60 s and says when to retry', async () => {
    expect((await sendRegister('0899000020')).statusCode).toBe(200);
    at(30);
    const early = await sendRegister('0899000020', { remoteAddress: '198.51.100.99' });
    expect(early.statusCode).toBe(429);
    expect(early.json<ErrorEnvelope>()).toMatchObject({
      code: 'CODE_SEND_TOO_SOON',
      value: { retryAfterSeconds: 30 },
    });
    expect(early.headers['retry-after']).toBe('30');
    at(61);
    expect((await sendRegister('0899000020', { remoteAddress: '198.51.100.99' })).statusCode).toBe(
      200,
    );
  });

  it('spaces sends from one client by 60 s, whatever the number', async () => {
    expect((await sendRegister('0899000030', { remoteAddress: '203.0.113.50' })).statusCode).toBe(
      200,
    );
    at(10);
    const other = await sendRegister('0899000031', { remoteAddress: '203.0.113.50' });
    expect(other.json<ErrorEnvelope>().code).toBe('CODE_SEND_TOO_SOON');
  });

  it('answers SMS_RATE_LIMITED after 3 sends to a number within 5 minutes, and lets it go after', async () => {
    for (const [index, second] of [0, 61, 122].entries()) {
      at(second);
      const response = await sendRegister('0899000040', {
        remoteAddress: `198.51.100.${10 + index}`,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    at(183);
    const limited = await sendRegister('0899000040', { remoteAddress: '198.51.100.20' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json<ErrorEnvelope>()).toMatchObject({
      code: 'SMS_RATE_LIMITED',
      value: { retryAfterSeconds: 300 },
    });
    at(301);
    expect((await sendRegister('0899000040', { remoteAddress: '198.51.100.21' })).statusCode).toBe(
      200,
    );
  });

  it('keeps one live code per number: a new send replaces the last', async () => {
    await sendRegister('0899000050');
    at(61);
    await sendRegister('0899000050');
    const live = await testDb.db.one<{ count: number }>(
      `SELECT count(*)::int AS count FROM verification_codes WHERE destination = '+66899000050' AND consumed_at IS NULL`,
    );
    expect(live.count).toBe(1);
  });
});

describe('POST /wps/verification/sms/noLogin', () => {
  it("texts a member's number, in E.164 whatever way it was typed", async () => {
    const response = await sendLogin('812345678');
    expect(response.statusCode, response.body).toBe(200);
    expect(await outboxSms(app, 'siam', '+66812345678')).toHaveLength(1);
  });

  it('answers a number without an account exactly the same, and sends nothing', async () => {
    const known = await sendLogin('0812345678', '198.51.100.30');
    const unknown = await sendLogin('0899000060', '198.51.100.31');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json<Envelope<unknown>>().value).toEqual(known.json<Envelope<unknown>>().value);
    expect(await outboxSms(app, 'siam', '+66899000060')).toEqual([]);
    at(30);
    expect((await sendLogin('0899000060', '198.51.100.32')).json<ErrorEnvelope>().code).toBe(
      'CODE_SEND_TOO_SOON',
    );
  });

  it('refuses a code login where MOBILEVERCODELOGIN3 is off', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/wps/verification/sms/noLogin',
      headers: LANNA,
      payload: { mobileNum: '0812345678', humanVerification: await humanProof(app) },
    });
    expect(response.json<ErrorEnvelope>().code).toBe('FEATURE_DISABLED');
  });
});

describe('bad input', () => {
  it.each([
    ['a missing number', { regType: 'mobile' }],
    ['a number of the wrong type', { mobileNo: 812345678, regType: 'mobile' }],
    ['letters in the number', { mobileNo: '08123abc78', regType: 'mobile' }],
    ['an oversized number', { mobileNo: '1'.repeat(5000), regType: 'mobile' }],
    ['an unknown regType', { mobileNo: '0812345678', regType: 'admin' }],
    [
      'a missing human check',
      { mobileNo: '0812345678', regType: 'mobile', humanVerification: undefined },
    ],
    [
      'an oversized proof',
      { mobileNo: '0812345678', regType: 'mobile', humanVerification: { proof: 'A'.repeat(5000) } },
    ],
    ['an unknown field', { mobileNo: '0812345678', regType: 'mobile', isAdmin: true }],
  ])('answers %s with 400 VALIDATION_FAILED and records no send', async (_name, payload) => {
    const before = await sendCount();
    const response = await app.inject({
      method: 'POST',
      url: '/wps/verification/sms/register',
      headers: SIAM,
      payload: { humanVerification: { proof: 'eyJ9' }, ...payload },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorEnvelope>().code).toBe('VALIDATION_FAILED');
    expect(await sendCount()).toBe(before);
  });
});

describe('GET /ops/outbox/sms', () => {
  it('is for operators only', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/ops/outbox/sms?merchantCode=siam' });
    expect(anonymous.statusCode).toBe(401);
    const operator = await app.inject({
      method: 'GET',
      url: '/ops/outbox/sms?merchantCode=siam',
      headers: OPERATOR_AUTH,
    });
    expect(operator.statusCode).toBe(200);
    const unknown = await app.inject({
      method: 'GET',
      url: '/ops/outbox/sms?merchantCode=nobody',
      headers: OPERATOR_AUTH,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
