// Proves registration by username as a visitor meets it: a valid form signs the new member in
// with the upline of the affiliate code (rows in the agent hierarchy), and every bad input
// (missing fields, wrong types, oversized strings, a rule broken, a taken username, a bad
// invitation code, a weak or mismatched password, terms or age unticked, clear text, a missing or
// wrong SMS code where REGMOBVERF3 asks for one) gets a 4xx with a stable code and creates nobody.
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildTestApp, call, loginAs, sealedCall } from '../../testing/index.ts';
import { humanProof } from '../../testing/auth.ts';
import { codeIn, outboxSms } from '../../testing/outbox.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

const world = useTestApp({ env: { HUMAN_CHALLENGE_MAX_NUMBER: '100' } });

const FORM = {
  username: 'newplayer1',
  password: 'Strong#Pass9',
  confirmPassword: 'Strong#Pass9',
  email: 'new@example.com',
  termsAccepted: true,
  ageConfirmed: true,
};

const register = (payload: unknown, options: { host?: string } = {}) =>
  sealedCall(world.app, 'PUT', '/wps/member/register', payload, options);

const memberCount = async () =>
  (await world.db.one<{ count: number }>('SELECT count(*)::int AS count FROM members')).count;

const codeOf = (response: LightMyRequestResponse) => response.json<{ code: string }>().code;

const SIAM = 'siam.localhost';

/** The registration code siam (REGMOBVERF3) sends to a number, read from the SMS outbox. */
const registrationCode = async (mobileNo: string, e164: string, ip: string) => {
  const send = await call(world.app, {
    method: 'POST',
    url: '/wps/verification/sms/register',
    host: SIAM,
    ip,
    payload: {
      mobileNo,
      regType: 'username',
      humanVerification: await humanProof(world.app, SIAM),
    },
  });
  expect(send.statusCode, send.body).toBe(200);
  return codeIn((await outboxSms(world.app, 'siam', e164))[0]?.body);
};

describe('registration', () => {
  it('registers, signs in, and puts the member under the agent of the affiliate code', async () => {
    const response = await register({ ...FORM, affiliateCode: 'lannaag1', nickname: 'Newbie' });
    expect(response.statusCode).toBe(200);
    const value = response.json<{
      value: { token: string; role: string; mustChangePassword: boolean };
    }>().value;
    expect(value).toMatchObject({ role: 'member', mustChangePassword: false });
    const me = await call(world.app, {
      method: 'GET',
      url: '/wps/member/info',
      token: value.token,
    });
    expect(me.json<{ value: { account: string; nickname: string } }>().value).toMatchObject({
      account: 'newplayer1',
      nickname: 'Newbie',
    });
    const chain = await world.db.query<{ username: string; depth: number }>(
      `SELECT a.username, h.depth FROM agent_hierarchy h
       JOIN members a ON a.id = h.ancestor_id JOIN members d ON d.id = h.descendant_id
       WHERE d.username = 'newplayer1' ORDER BY h.depth`,
    );
    expect(chain).toEqual([
      { username: 'newplayer1', depth: 0 },
      { username: 'demo_agent', depth: 1 },
    ]);
    expect(
      (await loginAs(world.app, { username: 'NEWPLAYER1', password: 'Strong#Pass9' })).token,
    ).toBeTruthy();
  });

  it("puts a referred member under the referrer's upline", async () => {
    const response = await register({ ...FORM, username: 'friendof1', referralCode: 'LANNARF1' });
    expect(response.statusCode).toBe(200);
    const row = await world.db.one<{ upline: string }>(
      `SELECT u.username AS upline FROM members m JOIN members u ON u.id = m.upline_id
       WHERE m.username = 'friendof1'`,
    );
    expect(row.upline).toBe('demo_agent');
  });

  it.each([
    ['a missing username', { ...FORM, username: undefined }, 'VALIDATION_FAILED'],
    ['a missing terms flag', { ...FORM, termsAccepted: undefined }, 'VALIDATION_FAILED'],
    ['a number for a username', { ...FORM, username: 12345 }, 'VALIDATION_FAILED'],
    ['an oversized username', { ...FORM, username: 'a'.repeat(5000) }, 'VALIDATION_FAILED'],
    ['an oversized nickname', { ...FORM, nickname: 'n'.repeat(5000) }, 'VALIDATION_FAILED'],
    ['an unknown field', { ...FORM, balance: 1_000_000 }, 'VALIDATION_FAILED'],
    // The merchant's registration rules: RULES_NOT_MET, which the document cannot state.
    ['a username breaking the rule', { ...FORM, username: '1bad' }, 'RULES_NOT_MET'],
    ['a bad e-mail', { ...FORM, email: 'not-an-email' }, 'RULES_NOT_MET'],
    ['a field the merchant switched off', { ...FORM, qqNum: '123456' }, 'RULES_NOT_MET'],
    ['a taken username', { ...FORM, username: 'NEWPLAYER1' }, 'USERNAME_TAKEN'],
    [
      'an unknown affiliate code',
      { ...FORM, affiliateCode: 'NOBODY99' },
      'INVALID_INVITATION_CODE',
    ],
    [
      'a member code as affiliate code',
      { ...FORM, affiliateCode: 'LANNARF1' },
      'INVALID_INVITATION_CODE',
    ],
    ['an unknown referral code', { ...FORM, referralCode: 'NOBODY99' }, 'INVALID_INVITATION_CODE'],
    ['a different confirmation', { ...FORM, confirmPassword: 'Strong#Pass8' }, 'PASSWORD_MISMATCH'],
    [
      'a common password',
      { ...FORM, password: 'Password@123', confirmPassword: 'Password@123' },
      'WEAK_PASSWORD',
    ],
    ['the terms not accepted', { ...FORM, termsAccepted: false }, 'TERMS_NOT_ACCEPTED'],
    ['the age not confirmed', { ...FORM, ageConfirmed: false }, 'AGE_NOT_CONFIRMED'],
  ] as const)('refuses %s and creates nobody', async (_name, payload, code) => {
    const before = await memberCount();
    const response = await register({
      ...payload,
      username: payload.username === FORM.username ? 'someone9' : payload.username,
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(codeOf(response)).toBe(code);
    expect(await memberCount()).toBe(before);
  });

  it('refuses a registration sent in clear text', async () => {
    const before = await memberCount();
    const response = await call(world.app, {
      method: 'PUT',
      url: '/wps/member/register',
      payload: FORM,
    });
    expect(codeOf(response)).toBe('PAYLOAD_ENCRYPTION_REQUIRED');
    expect(await memberCount()).toBe(before);
  });

  it('applies the birthday age of a merchant that asks for one', async () => {
    const siam = {
      ...FORM,
      username: 'siamplayer',
      password: 'Strong9Pass',
      confirmPassword: 'Strong9Pass',
      email: undefined,
      payeeName: 'สมชาย',
      mobileNum: '0812345678',
    };
    const young = await register({ ...siam, birthday: '2010-01-01' }, { host: 'siam.localhost' });
    expect(
      young.json<{ value: { issues: { path: string; message: string }[] } }>().value.issues,
    ).toContainEqual({
      path: 'birthday',
      message: 'underage',
    });
    const verificationCode = await registrationCode('0812345678', '+66812345678', '198.51.100.70');
    const adult = await register(
      { ...siam, birthday: '1990-05-20', verificationCode },
      { host: SIAM },
    );
    expect(adult.statusCode, adult.body).toBe(200);
  });
});

describe('registration by username with REGMOBVERF3', () => {
  const siam = {
    ...FORM,
    username: 'siamcoder',
    password: 'Strong9Pass',
    confirmPassword: 'Strong9Pass',
    email: undefined,
    payeeName: 'สมหญิง',
    mobileNum: '0823456789',
    birthday: '1990-05-20',
  };

  it('requires the SMS code of the mobile field, spends it once, and creates nobody without it', async () => {
    const before = await memberCount();
    const missing = await register(siam, { host: SIAM });
    expect([missing.statusCode, codeOf(missing)]).toEqual([400, 'CODE_INVALID']);
    const code = await registrationCode('0823456789', '+66823456789', '198.51.100.71');
    const wrong = await register(
      { ...siam, verificationCode: code === '111111' ? '222222' : '111111' },
      { host: SIAM },
    );
    expect(codeOf(wrong)).toBe('CODE_INVALID');
    // A code sent to another number does not register this one.
    const other = await registrationCode('0834567890', '+66834567890', '198.51.100.72');
    expect(codeOf(await register({ ...siam, verificationCode: other }, { host: SIAM }))).toBe(
      'CODE_INVALID',
    );
    expect(await memberCount()).toBe(before);
    const right = await register({ ...siam, verificationCode: code }, { host: SIAM });
    expect(right.statusCode, right.body).toBe(200);
    const replay = await register(
      { ...siam, username: 'siamcoder2', verificationCode: code },
      { host: SIAM },
    );
    expect(codeOf(replay)).toBe('CODE_INVALID');
    expect(await memberCount()).toBe(before + 1);
  });

  it('keeps the code when the form is refused for another reason', async () => {
    const code = await registrationCode('0845678901', '+66845678901', '198.51.100.73');
    const form = { ...siam, username: 'siamkeeper', mobileNum: '0845678901' };
    const mismatch = await register(
      { ...form, confirmPassword: 'Other9Pass', verificationCode: code },
      { host: SIAM },
    );
    expect(codeOf(mismatch)).toBe('PASSWORD_MISMATCH');
    const right = await register({ ...form, verificationCode: code }, { host: SIAM });
    expect(right.statusCode, right.body).toBe(200);
  });
});

describe('registration rate', () => {
  it('limits how many members one address registers in an hour', async () => {
    const limited = await buildTestApp(world.db, { env: { REGISTER_PER_IP_PER_HOUR: '1' } });
    const ip = '198.51.100.60';
    const first = await sealedCall(
      limited,
      'PUT',
      '/wps/member/register',
      { ...FORM, username: 'ratea1' },
      { ip },
    );
    const second = await sealedCall(
      limited,
      'PUT',
      '/wps/member/register',
      { ...FORM, username: 'rateb2' },
      { ip },
    );
    expect(first.statusCode).toBe(200);
    expect([second.statusCode, codeOf(second)]).toEqual([429, 'RATE_LIMITED']);
    await limited.close();
  });
});

describe('affiliate code check', () => {
  it('accepts an agent code and refuses anything else', async () => {
    const ok = await call(world.app, { method: 'GET', url: '/wps/agent/affiliate?code=lannaag1' });
    expect(ok.json<{ value: unknown }>().value).toEqual({ code: 'LANNAAG1', valid: true });
    const bad = await call(world.app, { method: 'GET', url: '/wps/agent/affiliate?code=NOBODY99' });
    expect([bad.statusCode, codeOf(bad)]).toEqual([400, 'INVALID_INVITATION_CODE']);
    const off = await call(world.app, {
      method: 'GET',
      url: '/wps/agent/affiliate?code=SIAMAG1',
      host: 'siam.localhost',
    });
    expect(codeOf(off)).toBe('FEATURE_DISABLED');
  });
});
