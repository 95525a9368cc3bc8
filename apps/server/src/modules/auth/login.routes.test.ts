// Proves password login as a user and an attacker see it: sealed payloads only (clear text,
// replays, tampering and stale payloads refused), one answer for unknown users and wrong
// passwords, the captcha after the configured failures, throttling that slows and then refuses
// a brute force from one address and on one account from many, while the real owner still gets
// in, and the accounts that may not log in (house, disabled, non-agent in the agent area).
import { randomBytes, scryptSync } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  call,
  humanProof,
  loginAs,
  movableClock,
  newCaptchaId,
  postLogin,
  seal,
} from '../../testing/index.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

const CAPTCHA = 'K7P3Q';
const DEMO = { username: 'demo_member', password: 'Demo@12345' };

const clock = movableClock('2026-03-01T10:00:00.000Z');
const world = useTestApp({
  clock,
  captchaText: () => CAPTCHA,
  env: { LOGIN_IP_LOCK_AFTER: '8' },
});

type Body = {
  success: boolean;
  code: string;
  value: {
    token?: string;
    captchaRequired?: boolean;
    retryAfterSeconds?: number;
    previousLogin?: { at: string; ip: string } | null;
  } | null;
};
const bodyOf = (response: LightMyRequestResponse) => response.json<Body>();

describe('sealed payloads', () => {
  it('refuses a login sent in clear text', async () => {
    const response = await call(world.app, {
      method: 'POST',
      url: '/wps/session/login',
      payload: DEMO,
    });
    expect(response.statusCode).toBe(400);
    expect(bodyOf(response).code).toBe('PAYLOAD_ENCRYPTION_REQUIRED');
  });

  it('refuses the same sealed payload sent twice', async () => {
    const sealed = await seal(world.app, {
      ...DEMO,
      humanVerification: await humanProof(world.app),
    });
    const first = await world.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: sealed,
    });
    const second = await world.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: sealed,
    });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(409);
    expect(bodyOf(second).code).toBe('PAYLOAD_REPLAYED');
  });

  it('refuses a payload with one flipped byte', async () => {
    const sealed = await seal(world.app, DEMO);
    const bytes = Buffer.from(sealed.ciphertext, 'base64');
    bytes[3] = (bytes[3] ?? 0) ^ 0x01;
    const response = await world.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { ...sealed, ciphertext: bytes.toString('base64') },
    });
    expect(response.statusCode).toBe(400);
    expect(bodyOf(response).code).toBe('PAYLOAD_INVALID');
  });

  it('refuses a payload sealed for another key, or sealed too long ago', async () => {
    const sealed = await seal(world.app, DEMO);
    const otherKey = await world.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { ...sealed, keyId: 'someOtherKey' },
    });
    expect(bodyOf(otherKey).code).toBe('PAYLOAD_KEY_UNKNOWN');
    const stale = await seal(world.app, DEMO);
    clock.set('2026-03-01T10:10:00.000Z');
    const late = await world.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: stale,
    });
    clock.set('2026-03-01T10:00:00.000Z');
    expect(bodyOf(late).code).toBe('PAYLOAD_EXPIRED');
  });

  it('reports bad fields inside the payload as VALIDATION_FAILED', async () => {
    const response = await world.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: await seal(world.app, { username: 42, password: 'x'.repeat(500) }),
    });
    expect(response.statusCode).toBe(400);
    expect(bodyOf(response).code).toBe('VALIDATION_FAILED');
  });
});

describe('login', () => {
  it('signs in with a new token every time and shows the previous login', async () => {
    const ip = '198.51.100.1';
    const first = await loginAs(
      world.app,
      { username: 'demo_agent', password: 'Demo@12345' },
      { ip },
    );
    const second = await loginAs(
      world.app,
      { username: 'DEMO_AGENT', password: 'Demo@12345' },
      { ip },
    );
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second.token).not.toBe(first.token);
    expect(second.role).toBe('agent');
    expect(second.previousLogin).toEqual({ at: clock().toISOString(), ip });
    expect(second.mustChangePassword).toBe(false);
  });

  it('answers an unknown user exactly like a wrong password', async () => {
    const options = { ip: '198.51.100.2' };
    const wrong = await postLogin(
      world.app,
      { username: 'demo_member', password: 'Wrong@12345' },
      options,
    );
    const unknown = await postLogin(
      world.app,
      { username: 'nobody_here', password: 'Wrong@12345' },
      options,
    );
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    const strip = (body: Body) => ({ ...body, value: { ...body.value, requestId: undefined } });
    expect(strip(bodyOf(unknown))).toEqual(strip(bodyOf(wrong)));
    expect(bodyOf(wrong).code).toBe('WRONG_CREDENTIALS');
  });

  it('forces a password change for the password 123456', async () => {
    const value = await loginAs(world.app, { username: 'demo_reset', password: '123456' });
    expect(value.mustChangePassword).toBe(true);
  });

  it('keeps merchants apart: a lanna session is not valid on siam', async () => {
    const { token } = await loginAs(world.app, DEMO, { ip: '198.51.100.3' });
    const siam = await call(world.app, {
      method: 'GET',
      url: '/wps/member/info',
      token,
      host: 'siam.localhost',
    });
    expect(siam.statusCode).toBe(401);
  });

  it('refuses a house account and a disabled account, but only after the right password', async () => {
    const ip = '198.51.100.4';
    const house = await postLogin(
      world.app,
      { username: 'demo_house', password: 'Demo@12345' },
      { ip },
    );
    expect([house.statusCode, bodyOf(house).code]).toEqual([403, 'NON_MEMBER_ACCOUNT']);
    const disabled = await postLogin(
      world.app,
      { username: 'demo_disabled', password: 'Demo@12345' },
      { ip },
    );
    expect([disabled.statusCode, bodyOf(disabled).code]).toEqual([403, 'ACCOUNT_DISABLED']);
    const guess = await postLogin(
      world.app,
      { username: 'demo_house', password: 'Nope@12345' },
      { ip },
    );
    expect(bodyOf(guess).code).toBe('WRONG_CREDENTIALS');
  });

  it('lets agents into the agent area and refuses everyone else', async () => {
    const ip = '198.51.100.5';
    const agent = await postLogin(
      world.app,
      { username: 'demo_agent', password: 'Demo@12345' },
      { ip, agentArea: true },
    );
    expect(agent.statusCode).toBe(200);
    const member = await postLogin(world.app, DEMO, { ip, agentArea: true });
    expect([member.statusCode, bodyOf(member).code]).toEqual([403, 'NON_AGENT_ACCOUNT']);
  });

  it('rehashes an old scrypt hash to argon2id on login', async () => {
    const salt = randomBytes(16);
    const key = scryptSync('Demo@12345', salt, 32, { N: 16_384, r: 8, p: 1 });
    const scryptHash = [
      'scrypt',
      16_384,
      8,
      1,
      salt.toString('base64url'),
      key.toString('base64url'),
    ].join('$');
    const where =
      "username = 'demo_agent' AND merchant_id = (SELECT id FROM merchants WHERE code = 'siam')";
    await world.db.query(`UPDATE members SET password_hash = $1 WHERE ${where}`, [scryptHash]);
    await loginAs(
      world.app,
      { username: 'demo_agent', password: 'Demo@12345' },
      { host: 'siam.localhost' },
    );
    const row = await world.db.one<{ password_hash: string }>(
      `SELECT password_hash FROM members WHERE ${where}`,
    );
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });
});

describe('captcha and throttling', () => {
  const fail = (username: string, ip: string, captchaId?: string) =>
    postLogin(
      world.app,
      { username, password: 'Wrong@99999', ...(captchaId ? { captcha: CAPTCHA, captchaId } : {}) },
      { ip },
    );

  it('asks for a captcha after three failures and then accepts the right answer', async () => {
    const ip = '203.0.113.10';
    const user = { username: 'demo_agent', password: 'Demo@12345' };
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push(bodyOf(await fail('demo_agent', ip)));
    expect(answers.map((body) => body.value?.captchaRequired)).toEqual([false, false, true]);
    const without = await postLogin(world.app, user, { ip });
    expect(bodyOf(without)).toMatchObject({
      code: 'CAPTCHA_REQUIRED',
      value: { captchaRequired: true },
    });
    const wrong = await postLogin(
      world.app,
      { ...user, captcha: 'WRONG', captchaId: await newCaptchaId(world.app, { ip }) },
      { ip },
    );
    expect(bodyOf(wrong).code).toBe('CAPTCHA_INVALID');
    const captchaId = await newCaptchaId(world.app, { ip });
    const right = await postLogin(world.app, { ...user, captcha: CAPTCHA, captchaId }, { ip });
    expect(right.statusCode).toBe(200);
    // The address still has failures, so a captcha is still due, and this one is used up.
    const reused = await postLogin(world.app, { ...user, captcha: CAPTCHA, captchaId }, { ip });
    expect(bodyOf(reused).code).toBe('CAPTCHA_INVALID');
  });

  it('slows and then refuses a brute force from one address; the owner gets in after the lock', async () => {
    const ip = '203.0.113.20';
    const username = 'demo_trial';
    const codes: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const captchaId = i >= 3 ? await newCaptchaId(world.app, { ip }) : undefined;
      codes.push(bodyOf(await fail(username, ip, captchaId)).code);
    }
    expect(codes.slice(0, 5)).toEqual(Array(5).fill('WRONG_CREDENTIALS'));
    expect(codes.slice(5)).toContain('LOGIN_THROTTLED');
    const locked = await postLogin(
      world.app,
      {
        username,
        password: 'Demo@12345',
        captcha: CAPTCHA,
        captchaId: await newCaptchaId(world.app, { ip }),
      },
      { ip },
    );
    expect(locked.statusCode).toBe(429);
    const { retryAfterSeconds } = bodyOf(locked).value ?? {};
    expect(retryAfterSeconds).toBeGreaterThan(0);
    expect(locked.headers['retry-after']).toBe(String(retryAfterSeconds));
    clock.set(new Date(clock().getTime() + (retryAfterSeconds ?? 0) * 1000 + 1000).toISOString());
    const after = await postLogin(
      world.app,
      {
        username,
        password: 'Demo@12345',
        captcha: CAPTCHA,
        captchaId: await newCaptchaId(world.app, { ip }),
      },
      { ip },
    );
    clock.set('2026-03-01T10:00:00.000Z');
    expect(after.statusCode).toBe(200);
  });

  it('refuses guesses on one account from many addresses while the owner, with a captcha, gets in', async () => {
    const username = 'demo_reset';
    const codes: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      const ip = `192.0.2.${i + 1}`;
      const plain = await fail(username, ip);
      if (bodyOf(plain).code === 'CAPTCHA_REQUIRED') {
        codes.push('CAPTCHA_REQUIRED');
        codes.push(bodyOf(await fail(username, ip, await newCaptchaId(world.app, { ip }))).code);
      } else codes.push(bodyOf(plain).code);
    }
    expect(codes).toContain('CAPTCHA_REQUIRED');
    // An address that already failed on this account is now refused outright.
    const again = await fail(
      username,
      '192.0.2.7',
      await newCaptchaId(world.app, { ip: '192.0.2.7' }),
    );
    expect([again.statusCode, bodyOf(again).code]).toEqual([429, 'LOGIN_THROTTLED']);
    const ownerIp = '192.0.2.200';
    const owner = await postLogin(
      world.app,
      {
        username,
        password: '123456',
        captcha: CAPTCHA,
        captchaId: await newCaptchaId(world.app, { ip: ownerIp }),
      },
      { ip: ownerIp },
    );
    expect(owner.statusCode).toBe(200);
  });

  it('refuses an address that tries many usernames', async () => {
    const ip = '203.0.113.30';
    let last = '';
    for (let i = 0; i < 10; i += 1) {
      const captchaId = await newCaptchaId(world.app, { ip });
      last = bodyOf(await fail(`someone${i}`, ip, captchaId)).code;
    }
    expect(last).toBe('LOGIN_THROTTLED');
  });
});
