// Proves the flows that finish with a session: reset by phone and by e-mail code (sealed,
// single use, the member signed in, old sessions ended), mobile registration with its SMS code,
// code login through POST /wps/session/login, authenticator enrolment over HTTP, and the second
// verification of a login from a new IP, demanded by the password login itself (member and
// agent area) and finished by payee name, SMS or e-mail code and TOTP (replays refused, wrong
// answers limited, only the trusted client address counts, a forged X-Forwarded-For included).
import type {
  Envelope,
  ErrorEnvelope,
  LoginValue,
  SecondVerificationChallenge,
  TotpSetup,
} from '@lanna/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../../shared/password.ts';
import {
  buildTestApp,
  call,
  loginAs,
  movableClock,
  openTestDb,
  postLogin,
  seal,
  sealedCall,
  type TestDb,
} from '../../testing/index.ts';
import { requireSecondVerification } from './codes-second-verification.service.ts';
import { humanProof } from '../../testing/auth.ts';
import { newContactMember } from '../../testing/factories/members.ts';
import { merchantIdOf } from '../../testing/factories/merchants.ts';
import { codeIn, outboxEmail, outboxSms } from '../../testing/outbox.ts';
import type { AuthContext } from './login.service.ts';
import { loginWithSmsCode } from './sms-login.service.ts';

const SIAM = 'siam.localhost';
const PASSWORD = 'Kanom2026xyz';
const START = Date.parse('2026-06-01T00:00:00.000Z');

let testDb: TestDb;
let app: FastifyInstance;
let siamId: number;
let lannaId: number;
const clock = movableClock('2026-06-01T00:00:00.000Z');
let step = 0;
let passwordHash = '';

beforeAll(async () => {
  testDb = await openTestDb();
  app = await buildTestApp(testDb.db, { clock, env: { HUMAN_CHALLENGE_MAX_NUMBER: '100' } });
  siamId = await merchantIdOf(testDb.db, 'siam');
  lannaId = await merchantIdOf(testDb.db, 'lanna');
  passwordHash = await hashPassword(PASSWORD);
});

afterAll(async () => {
  await app.close();
  await testDb.close();
});

beforeEach(() => {
  // Each test an hour after the last: no send window or pending login carries over.
  step += 1;
  clock.set(new Date(START + step * 3_600_000).toISOString());
});

const later = (seconds: number) =>
  clock.set(new Date(clock().getTime() + seconds * 1000).toISOString());

const requestResetSms = async (mobileNum: string, ip: string) => {
  const response = await call(app, {
    method: 'POST',
    url: '/wps/verification/sms/noLogin',
    host: SIAM,
    ip,
    payload: {
      mobileNum,
      purpose: 'resetPassword',
      humanVerification: await humanProof(app, SIAM),
    },
  });
  expect(response.statusCode, response.body).toBe(200);
};

const valueOf = (response: LightMyRequestResponse): unknown =>
  response.json<Envelope<unknown>>().value;
const loginValueOf = (response: LightMyRequestResponse): LoginValue =>
  response.json<Envelope<LoginValue>>().value;
const errorOf = (response: LightMyRequestResponse) => response.json<ErrorEnvelope>().code;

/** The challenge a held-back login answers with (SECOND_VERIFICATION_REQUIRED). */
const challengeOf = (response: LightMyRequestResponse): SecondVerificationChallenge => {
  expect([response.statusCode, errorOf(response)], response.body).toEqual([
    403,
    'SECOND_VERIFICATION_REQUIRED',
  ]);
  const challenge = response.json<ErrorEnvelope>().value?.secondVerification;
  if (!challenge) throw new Error(`no challenge in ${response.body}`);
  return challenge;
};

describe('POST /wps/member/password/verification', () => {
  it('resets by phone, signs the member in, ends old sessions and spends the code', async () => {
    await newContactMember(testDb.db, {
      merchantCode: 'siam',
      username: 'nok',
      mobileNum: '0861111111',
      passwordHash,
    });
    const before = await loginAs(app, { username: 'nok', password: PASSWORD }, { host: SIAM });
    await requestResetSms('0861111111', '198.51.100.40');
    const [sms] = await outboxSms(app, 'siam', '+66861111111');
    const payload = {
      newPassword: 'Fresh2026pass',
      mobileNum: '0861111111',
      verificationCode: codeIn(sms?.body),
    };
    const reset = await sealedCall(app, 'POST', '/wps/member/password/verification', payload, {
      host: SIAM,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(loginValueOf(reset)).toMatchObject({ mustChangePassword: false });
    const oldSession = await call(app, {
      method: 'GET',
      url: '/wps/member/info',
      host: SIAM,
      token: before.token,
    });
    expect(oldSession.statusCode).toBe(401);
    await loginAs(app, { username: 'nok', password: 'Fresh2026pass' }, { host: SIAM });
    const replay = await sealedCall(app, 'POST', '/wps/member/password/verification', payload, {
      host: SIAM,
    });
    expect(errorOf(replay)).toBe('CODE_INVALID');
  });

  it('refuses a weak password without spending the code', async () => {
    await newContactMember(testDb.db, {
      merchantCode: 'siam',
      username: 'pim',
      mobileNum: '0862222222',
      passwordHash,
    });
    await requestResetSms('0862222222', '198.51.100.41');
    const code = codeIn((await outboxSms(app, 'siam', '+66862222222'))[0]?.body);
    const weak = await sealedCall(
      app,
      'POST',
      '/wps/member/password/verification',
      { newPassword: 'password1', mobileNum: '0862222222', verificationCode: code },
      { host: SIAM },
    );
    expect(errorOf(weak)).toBe('WEAK_PASSWORD');
    const good = await sealedCall(
      app,
      'POST',
      '/wps/member/password/verification',
      { newPassword: 'Better2026pass', mobileNum: '0862222222', verificationCode: code },
      { host: SIAM },
    );
    expect(good.statusCode, good.body).toBe(200);
  });

  it('answers an unknown number like a wrong code, and refuses clear text', async () => {
    const unknown = await sealedCall(
      app,
      'POST',
      '/wps/member/password/verification',
      { newPassword: 'Better2026pass', mobileNum: '0869999999', verificationCode: '123456' },
      { host: SIAM },
    );
    expect(errorOf(unknown)).toBe('CODE_INVALID');
    const clear = await call(app, {
      method: 'POST',
      url: '/wps/member/password/verification',
      host: SIAM,
      payload: {
        newPassword: 'Better2026pass',
        mobileNum: '0869999999',
        verificationCode: '123456',
      },
    });
    expect(errorOf(clear)).toBe('PAYLOAD_ENCRYPTION_REQUIRED');
    const both = await sealedCall(
      app,
      'POST',
      '/wps/member/password/verification',
      {
        newPassword: 'Better2026pass',
        mobileNum: '0869999999',
        username: 'x',
        verificationCode: '123456',
      },
      { host: SIAM },
    );
    expect(errorOf(both)).toBe('RULES_NOT_MET');
  });

  it('resets with the code of the forgot-by-e-mail message', async () => {
    await newContactMember(testDb.db, {
      merchantCode: 'lanna',
      username: 'dao',
      email: 'dao@example.test',
      passwordHash,
    });
    const { proof } = await humanProof(app);
    const forgot = await call(app, {
      method: 'POST',
      url: '/wps/member/password/email',
      payload: { username: 'dao', email: 'dao@example.test', humanProof: proof },
    });
    expect(forgot.statusCode, forgot.body).toBe(200);
    const code = codeIn((await outboxEmail(app, 'lanna', 'dao@example.test'))[0]?.body);
    const reset = await sealedCall(app, 'POST', '/wps/member/password/verification', {
      newPassword: 'Email#2026Reset',
      username: 'dao',
      verificationCode: code,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await loginAs(app, { username: 'dao', password: 'Email#2026Reset' });
  });
});

describe('PUT /wps/member/register/mobile', () => {
  const registration = (code: string) => ({
    mobileNum: '0891234567',
    verificationCode: code,
    password: 'Siam2026xyz',
    confirmPassword: 'Siam2026xyz',
    payeeName: 'สมชาย',
    birthday: '1990-01-15',
    termsAccepted: true,
    ageConfirmed: true,
  });

  it('registers the number without leading zeros as the username, with its SMS code', async () => {
    const send = await call(app, {
      method: 'POST',
      url: '/wps/verification/sms/register',
      host: SIAM,
      ip: '198.51.100.50',
      payload: {
        mobileNo: '0891234567',
        regType: 'mobile',
        humanVerification: await humanProof(app, SIAM),
      },
    });
    expect(send.statusCode, send.body).toBe(200);
    const code = codeIn((await outboxSms(app, 'siam', '+66891234567'))[0]?.body);
    const wrong = await sealedCall(
      app,
      'PUT',
      '/wps/member/register/mobile',
      registration(code === '111111' ? '222222' : '111111'),
      { host: SIAM },
    );
    expect(errorOf(wrong)).toBe('CODE_INVALID');
    const response = await sealedCall(
      app,
      'PUT',
      '/wps/member/register/mobile',
      registration(code),
      { host: SIAM },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(loginValueOf(response).token).not.toBe('');
    const member = await testDb.db.one<{ username: string; mobile_num: string }>(
      'SELECT username, mobile_num FROM members WHERE merchant_id = $1 AND username = $2',
      [siamId, '891234567'],
    );
    expect(member.mobile_num).toBe('0891234567');
    await loginAs(app, { username: '891234567', password: 'Siam2026xyz' }, { host: SIAM });
  });

  it('is refused where mobile registration is off', async () => {
    const response = await sealedCall(
      app,
      'PUT',
      '/wps/member/register/mobile',
      registration('123456'),
    );
    expect(errorOf(response)).toBe('FEATURE_DISABLED');
  });
});

describe('code login', () => {
  it('signs a member in with the SMS code once', async () => {
    await newContactMember(testDb.db, {
      merchantCode: 'siam',
      username: 'ploy',
      mobileNum: '0863333333',
      passwordHash,
    });
    const send = await call(app, {
      method: 'POST',
      url: '/wps/verification/sms/noLogin',
      host: SIAM,
      ip: '198.51.100.60',
      payload: { mobileNum: '0863333333', humanVerification: await humanProof(app, SIAM) },
    });
    expect(send.statusCode).toBe(200);
    const code = codeIn((await outboxSms(app, 'siam', '+66863333333'))[0]?.body);
    const auth: AuthContext = {
      db: app.db,
      config: app.config,
      merchantId: siamId,
      ip: '198.51.100.60',
      userAgent: 'test',
      now: clock(),
    };
    const attempt = async () =>
      loginWithSmsCode(app, auth, {
        username: '0863333333',
        password: code,
        humanVerification: await humanProof(app, SIAM),
      });
    const value = await attempt();
    expect(value.mustChangePassword).toBe(false);
    await expect(attempt()).rejects.toMatchObject({
      code: 'CODE_INVALID',
    });
  });

  it('signs in through POST /wps/session/login with the code from the outbox, once', async () => {
    await newContactMember(testDb.db, {
      merchantCode: 'siam',
      username: 'rin',
      mobileNum: '0864444444',
      registerIp: '198.51.100.61',
      payeeName: 'Rin',
      passwordHash,
    });
    await testDb.db.query("UPDATE members SET first_login_done = false WHERE username = 'rin'");
    const send = await call(app, {
      method: 'POST',
      url: '/wps/verification/sms/noLogin',
      host: SIAM,
      ip: '203.0.113.61',
      payload: { mobileNum: '0864444444', humanVerification: await humanProof(app, SIAM) },
    });
    expect(send.statusCode, send.body).toBe(200);
    const code = codeIn((await outboxSms(app, 'siam', '+66864444444'))[0]?.body);
    const payload = { username: '0864444444', password: code, type: 'sms' as const };
    // From an address the member never used: the code proves the phone, so no second step.
    const response = await postLogin(app, payload, { host: SIAM, ip: '203.0.113.61' });
    expect(response.statusCode, response.body).toBe(200);
    expect(loginValueOf(response)).toMatchObject({
      role: 'member',
      firstTimeLogin: true,
      mustChangePassword: false,
    });
    const me = await call(app, {
      method: 'GET',
      url: '/wps/member/info',
      host: SIAM,
      token: loginValueOf(response).token,
    });
    expect(me.statusCode, me.body).toBe(200);
    const replay = await postLogin(app, payload, { host: SIAM });
    expect(errorOf(replay)).toBe('CODE_INVALID');
  });

  it('is refused where MOBILEVERCODELOGIN3 is off, and in the agent area', async () => {
    const payload = { username: '0864444444', password: '123456', type: 'sms' as const };
    const off = await postLogin(app, payload);
    expect(errorOf(off)).toBe('FEATURE_DISABLED');
    const agent = await postLogin(app, payload, { host: SIAM, agentArea: true });
    expect(errorOf(agent)).toBe('FEATURE_DISABLED');
  });
});

describe('second verification from a new IP', () => {
  const newMember = async (
    username: string,
    extra: { payeeName?: string; email?: string } = {},
  ) => {
    const memberId = await newContactMember(testDb.db, {
      merchantCode: 'lanna',
      username,
      registerIp: '198.51.100.1',
      passwordHash,
      ...extra,
    });
    return { memberId, merchantId: lannaId };
  };

  const verify = (verificationId: string, method: string, code: string, ip = '203.0.113.9') =>
    call(app, {
      method: 'POST',
      url: '/wps/session/verify',
      ip,
      payload: { verificationId, method, code },
    });

  it('lets a known address through and holds back a new one', async () => {
    const member = await newMember('arun', { payeeName: 'Arun Sae-Tang' });
    expect(await requireSecondVerification(app, member, '198.51.100.1')).toBeNull();
    const pending = await requireSecondVerification(app, member, '203.0.113.9');
    expect(pending).toMatchObject({
      methods: ['payeeName'],
      maskedMobile: null,
      maskedEmail: null,
    });
  });

  it('finishes with the payee name once, and then knows the address', async () => {
    const member = await newMember('boon', { payeeName: 'Boon  Mee' });
    const pending = await requireSecondVerification(app, member, '203.0.113.9');
    if (!pending) throw new Error('expected a held-back login');
    expect(errorOf(await verify(pending.verificationId, 'payeeName', 'Someone Else'))).toBe(
      'CODE_INVALID',
    );
    expect(
      errorOf(await verify(pending.verificationId, 'payeeName', 'boon mee', '203.0.113.10')),
    ).toBe('SECOND_VERIFICATION_EXPIRED');
    expect(errorOf(await verify(pending.verificationId, 'email', '123456'))).toBe(
      'VERIFICATION_METHOD_UNAVAILABLE',
    );
    const done = await verify(pending.verificationId, 'payeeName', 'boon mee');
    expect(done.statusCode, done.body).toBe(200);
    expect(loginValueOf(done).token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(errorOf(await verify(pending.verificationId, 'payeeName', 'boon mee'))).toBe(
      'SECOND_VERIFICATION_EXPIRED',
    );
    expect(await requireSecondVerification(app, member, '203.0.113.9')).toBeNull();
  });

  it('finishes with an e-mail code', async () => {
    const member = await newMember('chai', { email: 'chai@example.test' });
    const pending = await requireSecondVerification(app, member, '203.0.113.9');
    if (!pending) throw new Error('expected a held-back login');
    expect(pending.maskedEmail).toBe('ch***@example.test');
    const send = await call(app, {
      method: 'POST',
      url: '/wps/session/verify/code',
      ip: '203.0.113.9',
      payload: { verificationId: pending.verificationId, method: 'email' },
    });
    expect(valueOf(send)).toEqual({ expiredMinutes: 5 });
    const code = codeIn((await outboxEmail(app, 'lanna', 'chai@example.test'))[0]?.body);
    expect((await verify(pending.verificationId, 'email', code)).statusCode).toBe(200);
  });

  it('takes the client address from the socket, not from a forged X-Forwarded-For', async () => {
    const member = await newMember('kiet', { payeeName: 'Kiet' });
    const spoofed = await requireSecondVerification(app, member, '203.0.113.9');
    if (!spoofed) throw new Error('expected a held-back login');
    const forged = await app.inject({
      method: 'POST',
      url: '/wps/session/verify',
      remoteAddress: '192.0.2.200',
      headers: { 'x-forwarded-for': '203.0.113.9' },
      payload: { verificationId: spoofed.verificationId, method: 'payeeName', code: 'Kiet' },
    });
    expect(errorOf(forged)).toBe('SECOND_VERIFICATION_EXPIRED');
    const pretendingKnown = await app.inject({
      method: 'POST',
      url: '/wps/session/verify',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '198.51.100.1' },
      payload: { verificationId: spoofed.verificationId, method: 'payeeName', code: 'Kiet' },
    });
    expect(pretendingKnown.statusCode, pretendingKnown.body).toBe(200);
  });

  it('gives up after 5 wrong answers', async () => {
    const member = await newMember('dara', { payeeName: 'Dara' });
    const pending = await requireSecondVerification(app, member, '203.0.113.9');
    if (!pending) throw new Error('expected a held-back login');
    for (let attempt = 0; attempt < 5; attempt += 1)
      await verify(pending.verificationId, 'payeeName', 'wrong');
    expect(errorOf(await verify(pending.verificationId, 'payeeName', 'Dara'))).toBe(
      'SECOND_VERIFICATION_EXPIRED',
    );
  });

  it('expires after 10 minutes', async () => {
    const member = await newMember('ekk', { payeeName: 'Ekk' });
    const pending = await requireSecondVerification(app, member, '203.0.113.9');
    if (!pending) throw new Error('expected a held-back login');
    later(601);
    expect(errorOf(await verify(pending.verificationId, 'payeeName', 'Ekk'))).toBe(
      'SECOND_VERIFICATION_EXPIRED',
    );
  });

  it('trusts the first address of a member with none on record', async () => {
    const memberId = await newContactMember(testDb.db, {
      merchantCode: 'lanna',
      username: 'fah',
      payeeName: 'Fah',
    });
    expect(
      await requireSecondVerification(app, { memberId, merchantId: lannaId }, '203.0.113.20'),
    ).toBeNull();
    expect(
      await requireSecondVerification(app, { memberId, merchantId: lannaId }, '203.0.113.21'),
    ).not.toBeNull();
  });

  it('enrols an authenticator over HTTP and finishes with it; a replayed code is refused', async () => {
    const member = await newMember('gun');
    const session = await loginAs(app, { username: 'gun', password: PASSWORD });
    const setup = await call(app, {
      method: 'POST',
      url: '/wps/member/totp/setup',
      token: session.token,
    });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json<Envelope<TotpSetup>>().value;
    const epoch = Math.floor(clock().getTime() / 1000);
    const enable = await call(app, {
      method: 'POST',
      url: '/wps/member/totp/enable',
      token: session.token,
      payload: { code: await generate({ secret, epoch }) },
    });
    expect(enable.statusCode, enable.body).toBe(200);
    const status = await call(app, {
      method: 'GET',
      url: '/wps/member/totp',
      token: session.token,
    });
    expect(valueOf(status)).toEqual({ enabled: true });
    later(30);
    const code = await generate({ secret, epoch: epoch + 30 });
    const first = await requireSecondVerification(app, member, '203.0.113.9');
    if (!first) throw new Error('expected a held-back login');
    expect(first.methods).toEqual(['totp']);
    expect((await verify(first.verificationId, 'totp', code)).statusCode).toBe(200);
    const second = await requireSecondVerification(app, member, '203.0.113.77');
    if (!second) throw new Error('expected a held-back login');
    expect(errorOf(await verify(second.verificationId, 'totp', code, '203.0.113.77'))).toBe(
      'CODE_INVALID',
    );
  });

  it('refuses authenticator enrolment without a session', async () => {
    const response = await call(app, { method: 'POST', url: '/wps/member/totp/setup' });
    expect(response.statusCode).toBe(401);
  });
});

describe('second verification demanded by the password login', () => {
  const KNOWN_IP = '198.51.100.1';
  const NEW_IP = '203.0.113.90';

  const member = (username: string, extra: { mobileNum?: string; payeeName?: string } = {}) =>
    newContactMember(testDb.db, {
      merchantCode: 'lanna',
      username,
      registerIp: KNOWN_IP,
      passwordHash,
      ...extra,
    });

  const finish = (verificationId: string, method: string, code: string, ip = NEW_IP) =>
    call(app, {
      method: 'POST',
      url: '/wps/session/verify',
      ip,
      payload: { verificationId, method, code },
    });

  it('lets a member in from a known address and holds back a new one until an SMS code', async () => {
    await member('hom', { mobileNum: '0865555555' });
    await loginAs(app, { username: 'hom', password: PASSWORD }, { ip: KNOWN_IP });
    const held = await postLogin(app, { username: 'hom', password: PASSWORD }, { ip: NEW_IP });
    const challenge = challengeOf(held);
    expect(challenge).toMatchObject({ methods: ['sms'], maskedEmail: null });
    expect(challenge.maskedMobile).toMatch(/5555$/);
    expect(held.body).not.toContain('"token"');
    const send = await call(app, {
      method: 'POST',
      url: '/wps/session/verify/code',
      ip: NEW_IP,
      payload: { verificationId: challenge.verificationId, method: 'sms' },
    });
    expect(send.statusCode, send.body).toBe(200);
    const code = codeIn((await outboxSms(app, 'lanna', '+66865555555'))[0]?.body);
    const done = await finish(challenge.verificationId, 'sms', code);
    expect(done.statusCode, done.body).toBe(200);
    expect(loginValueOf(done).previousLogin?.ip).toBe(KNOWN_IP);
    expect(errorOf(await finish(challenge.verificationId, 'sms', code))).toBe(
      'SECOND_VERIFICATION_EXPIRED',
    );
    // The address is known now: the next login goes straight through.
    await loginAs(app, { username: 'hom', password: PASSWORD }, { ip: NEW_IP });
  });

  it('passes with the authenticator code (otplib) and refuses its replay', async () => {
    await member('jai');
    const session = await loginAs(app, { username: 'jai', password: PASSWORD }, { ip: KNOWN_IP });
    const setup = await call(app, {
      method: 'POST',
      url: '/wps/member/totp/setup',
      token: session.token,
    });
    const { secret } = setup.json<Envelope<TotpSetup>>().value;
    const epoch = Math.floor(clock().getTime() / 1000);
    const enable = await call(app, {
      method: 'POST',
      url: '/wps/member/totp/enable',
      token: session.token,
      payload: { code: await generate({ secret, epoch }) },
    });
    expect(enable.statusCode, enable.body).toBe(200);
    later(30);
    const challenge = challengeOf(
      await postLogin(app, { username: 'jai', password: PASSWORD }, { ip: NEW_IP }),
    );
    expect(challenge.methods).toEqual(['totp']);
    const code = await generate({ secret, epoch: epoch + 30 });
    const done = await finish(challenge.verificationId, 'totp', code);
    expect(done.statusCode, done.body).toBe(200);
    const me = await call(app, {
      method: 'GET',
      url: '/wps/member/info',
      token: loginValueOf(done).token,
    });
    expect(me.statusCode).toBe(200);
    const again = challengeOf(
      await postLogin(app, { username: 'jai', password: PASSWORD }, { ip: '203.0.113.91' }),
    );
    expect(errorOf(await finish(again.verificationId, 'totp', code, '203.0.113.91'))).toBe(
      'CODE_INVALID',
    );
  });

  it('still demands it when a forged X-Forwarded-For names a known address', async () => {
    await member('kaew', { payeeName: 'Kaew' });
    const forged = await app.inject({
      method: 'POST',
      url: '/wps/session/login',
      remoteAddress: NEW_IP,
      headers: { 'x-forwarded-for': KNOWN_IP },
      payload: await seal(app, {
        username: 'kaew',
        password: PASSWORD,
        humanVerification: await humanProof(app),
      }),
    });
    const challenge = challengeOf(forged);
    expect(challenge.methods).toEqual(['payeeName']);
    // Nor does the forged header make the held-back login finishable from elsewhere.
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/wps/session/verify',
      remoteAddress: '192.0.2.99',
      headers: { 'x-forwarded-for': NEW_IP },
      payload: { verificationId: challenge.verificationId, method: 'payeeName', code: 'Kaew' },
    });
    expect(errorOf(elsewhere)).toBe('SECOND_VERIFICATION_EXPIRED');
    expect((await finish(challenge.verificationId, 'payeeName', 'Kaew')).statusCode).toBe(200);
  });

  it('still forces the 123456 change after the held-back login is finished', async () => {
    await newContactMember(testDb.db, {
      merchantCode: 'lanna',
      username: 'noi',
      registerIp: KNOWN_IP,
      payeeName: 'Noi',
      passwordHash: await hashPassword('123456'),
    });
    const held = await postLogin(app, { username: 'noi', password: '123456' }, { ip: NEW_IP });
    const done = await finish(challengeOf(held).verificationId, 'payeeName', 'Noi');
    expect(done.statusCode, done.body).toBe(200);
    expect(loginValueOf(done).mustChangePassword).toBe(true);
    // A held-back login with a good password finishes without one.
    await member('pim', { payeeName: 'Pim' });
    const fine = await postLogin(app, { username: 'pim', password: PASSWORD }, { ip: NEW_IP });
    const finished = await finish(challengeOf(fine).verificationId, 'payeeName', 'Pim');
    expect(loginValueOf(finished).mustChangePassword).toBe(false);
  });

  it('holds back the agent area login too', async () => {
    const agentId = await member('lek', { payeeName: 'Lek' });
    await testDb.db.query('UPDATE members SET type = 1 WHERE id = $1', [agentId]);
    const known = await postLogin(
      app,
      { username: 'lek', password: PASSWORD },
      { ip: KNOWN_IP, agentArea: true },
    );
    expect(known.statusCode, known.body).toBe(200);
    const held = await postLogin(
      app,
      { username: 'lek', password: PASSWORD },
      { ip: NEW_IP, agentArea: true },
    );
    const done = await finish(challengeOf(held).verificationId, 'payeeName', 'lek');
    expect(done.statusCode, done.body).toBe(200);
    expect(loginValueOf(done).role).toBe('agent');
  });

  it('lets a member with no way to verify through, and records the address', async () => {
    await member('mai');
    await loginAs(app, { username: 'mai', password: PASSWORD }, { ip: NEW_IP });
    const known = await testDb.db.one<{ count: number }>(
      `SELECT count(*)::int AS count FROM member_known_ips k JOIN members m ON m.id = k.member_id
       WHERE m.username = 'mai' AND k.ip = $1`,
      [NEW_IP],
    );
    expect(known.count).toBe(1);
  });
});
