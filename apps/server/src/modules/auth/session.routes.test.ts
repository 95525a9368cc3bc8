// Proves sessions as a member notices them: logout ends the token at once, an idle session
// and an expired one stop working, the security centre lists the sessions and signs the others
// out, a password change signs out every other device, member info has exactly its fields, and
// a trial account is refused real-account actions by the server itself.
import { MemberInfoSchema } from '@lanna/contract';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  buildTestApp,
  call,
  loginAs,
  movableClock,
  postLogin,
  sealedCall,
} from '../../testing/index.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

const START = '2026-04-01T08:00:00.000Z';
const AGENT = { username: 'demo_agent', password: 'Demo@12345' };

const clock = movableClock(START);
const later = (minutes: number) =>
  clock.set(new Date(clock().getTime() + minutes * 60_000).toISOString());
const world = useTestApp({ clock });

const info = (token: string) => call(world.app, { method: 'GET', url: '/wps/member/info', token });
const codeOf = (response: LightMyRequestResponse) => response.json<{ code: string }>().code;

describe('sessions', () => {
  it('ends the session on logout', async () => {
    const { token } = await loginAs(world.app, AGENT);
    expect((await info(token)).statusCode).toBe(200);
    const out = await call(world.app, { method: 'DELETE', url: '/wps/session/logout', token });
    expect(out.statusCode, out.body).toBe(200);
    expect((await info(token)).statusCode).toBe(401);
    expect(codeOf(await info(token))).toBe('UNAUTHORIZED');
  });

  it('ends a session left idle past the timeout, and keeps a used one alive', async () => {
    clock.set(START);
    const { token } = await loginAs(world.app, AGENT);
    later(25);
    expect((await info(token)).statusCode).toBe(200);
    later(25);
    expect((await info(token)).statusCode).toBe(200);
    later(31);
    expect((await info(token)).statusCode).toBe(401);
  });

  it('ends a session at its absolute expiry however busy it is', async () => {
    const busy = await buildTestApp(world.db, {
      clock,
      env: { SESSION_IDLE_MINUTES: '1440', SESSION_MAX_DAYS: '1' },
    });
    clock.set(START);
    const { token, expiresAt } = await loginAs(busy, AGENT);
    expect(expiresAt).toBe('2026-04-02T08:00:00.000Z');
    later(23 * 60);
    expect((await call(busy, { method: 'GET', url: '/wps/member/info', token })).statusCode).toBe(
      200,
    );
    later(61);
    expect((await call(busy, { method: 'GET', url: '/wps/member/info', token })).statusCode).toBe(
      401,
    );
    await busy.close();
    clock.set(START);
  });

  it('lists the sessions and signs out the other devices', async () => {
    clock.set(START);
    const phone = await loginAs(world.app, AGENT, { ip: '198.51.100.7' });
    const laptop = await loginAs(world.app, AGENT, { ip: '198.51.100.8' });
    const list = await call(world.app, {
      method: 'GET',
      url: '/wps/member/sessions',
      token: laptop.token,
    });
    const { sessions } = list.json<{ value: { sessions: { current: boolean; ip: string }[] } }>()
      .value;
    expect(sessions.filter((s) => s.current)).toEqual([
      expect.objectContaining({ ip: '198.51.100.8' }),
    ]);
    expect(sessions.map((s) => s.ip)).toContain('198.51.100.7');
    // Used just before: the phone's session is refused at once all the same.
    expect((await info(phone.token)).statusCode).toBe(200);
    const out = await call(world.app, {
      method: 'DELETE',
      url: '/wps/member/sessions/others',
      token: laptop.token,
    });
    expect(
      out.json<{ value: { signedOutSessions: number } }>().value.signedOutSessions,
    ).toBeGreaterThan(0);
    expect((await info(phone.token)).statusCode).toBe(401);
    expect((await info(laptop.token)).statusCode).toBe(200);
  });
});

describe('member info', () => {
  it('has exactly the contract fields and the previous login', async () => {
    clock.set(START);
    await loginAs(
      world.app,
      { username: 'demo_member', password: 'Demo@12345' },
      { ip: '198.51.100.9' },
    );
    later(5);
    const { token } = await loginAs(world.app, { username: 'demo_member', password: 'Demo@12345' });
    const value = (await info(token)).json<{ value: Record<string, unknown> }>().value;
    expect(Object.keys(value).sort()).toEqual(Object.keys(MemberInfoSchema.shape).sort());
    expect(value).toMatchObject({
      account: 'demo_member',
      type: 0,
      role: 'member',
      isAgent: false,
      isTrial: false,
      lastLoginAt: START,
      lastLoginIp: '198.51.100.9',
    });
    const icon = await call(world.app, { method: 'GET', url: '/wps/member/info/icon', token });
    expect(icon.json<{ value: { iconUrl: string } }>().value.iconUrl).toMatch(
      /^data:image\/svg\+xml;base64,/,
    );
    const first = await call(world.app, { method: 'POST', url: '/wps/member/first-login', token });
    expect(first.json<{ value: unknown }>().value).toEqual({ firstTimeLogin: false });
  });
});

describe('change password', () => {
  const change = (token: string, payload: Record<string, string>) =>
    sealedCall(world.app, 'POST', '/wps/member/password', payload, { token });

  it('refuses a wrong old password, a mismatch, a weak or rule-breaking password', async () => {
    clock.set(START);
    const { token } = await loginAs(world.app, { username: 'demo_member', password: 'Demo@12345' });
    const cases: [Record<string, string>, string][] = [
      [
        {
          oldPassword: 'Wrong@12345',
          newPassword: 'Fresh@67890',
          confirmNewPassword: 'Fresh@67890',
        },
        'WRONG_OLD_PASSWORD',
      ],
      [
        {
          oldPassword: 'Demo@12345',
          newPassword: 'Fresh@67890',
          confirmNewPassword: 'Fresh@67891',
        },
        'PASSWORD_MISMATCH',
      ],
      [
        { oldPassword: 'Demo@12345', newPassword: 'Password@1', confirmNewPassword: 'Password@1' },
        'WEAK_PASSWORD',
      ],
      [
        {
          oldPassword: 'Demo@12345',
          newPassword: 'alllowercase',
          confirmNewPassword: 'alllowercase',
        },
        'RULES_NOT_MET',
      ],
      [
        { oldPassword: 'Demo@12345', newPassword: 'Demo@12345', confirmNewPassword: 'Demo@12345' },
        'PASSWORD_UNCHANGED',
      ],
    ];
    for (const [payload, code] of cases) {
      const response = await change(token, payload);
      expect(response.statusCode, code).toBeGreaterThanOrEqual(400);
      expect(codeOf(response)).toBe(code);
    }
    const clear = await call(world.app, {
      method: 'POST',
      url: '/wps/member/password',
      token,
      payload: {
        oldPassword: 'Demo@12345',
        newPassword: 'Fresh@67890',
        confirmNewPassword: 'Fresh@67890',
      },
    });
    expect(codeOf(clear)).toBe('PAYLOAD_ENCRYPTION_REQUIRED');
    expect(
      (await loginAs(world.app, { username: 'demo_member', password: 'Demo@12345' })).token,
    ).toBeTruthy();
  });

  it('changes the password and signs out every other session', async () => {
    clock.set(START);
    const user = { username: 'demo_reset', password: '123456' };
    const other = await loginAs(world.app, user, { ip: '198.51.100.10' });
    const current = await loginAs(world.app, user, { ip: '198.51.100.11' });
    expect(current.mustChangePassword).toBe(true);
    const response = await change(current.token, {
      oldPassword: '123456',
      newPassword: 'Fresh@67890',
      confirmNewPassword: 'Fresh@67890',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ value: { signedOutSessions: number } }>().value.signedOutSessions).toBe(
      1,
    );
    expect((await info(other.token)).statusCode).toBe(401);
    expect((await info(current.token)).statusCode).toBe(200);
    expect(codeOf(await postLogin(world.app, user))).toBe('WRONG_CREDENTIALS');
    const fresh = await loginAs(world.app, { username: 'demo_reset', password: 'Fresh@67890' });
    expect(fresh.mustChangePassword).toBe(false);
  });
});

describe('change password throttling', () => {
  it('throttles guesses of the old password like login guesses', async () => {
    clock.set(START);
    const options = { host: 'siam.localhost', ip: '198.51.100.50' };
    const { token } = await loginAs(
      world.app,
      { username: 'demo_member', password: 'Demo@12345' },
      options,
    );
    const guess = (n: number) =>
      sealedCall(
        world.app,
        'POST',
        '/wps/member/password',
        {
          oldPassword: `Guess${n}abc`,
          newPassword: 'Fresh67890',
          confirmNewPassword: 'Fresh67890',
        },
        { ...options, token },
      );
    const codes: string[] = [];
    for (let n = 0; n < 7; n += 1) codes.push(codeOf(await guess(n)));
    expect(codes.slice(0, 5)).toEqual(Array(5).fill('WRONG_OLD_PASSWORD'));
    expect(codes.at(-1)).toBe('LOGIN_THROTTLED');
  });
});

describe('trial accounts', () => {
  it('starts free play as a trial that the server keeps out of real-account actions', async () => {
    const start = await call(world.app, {
      method: 'POST',
      url: '/wps/session/login/freeplay',
      payload: { os: 'Linux', platform: 'W' },
    });
    expect(start.statusCode).toBe(200);
    const { token, role } = start.json<{ value: { token: string; role: string } }>().value;
    expect(role).toBe('trial');
    expect((await info(token)).json<{ value: { isTrial: boolean } }>().value.isTrial).toBe(true);
    const sessions = await call(world.app, { method: 'GET', url: '/wps/member/sessions', token });
    expect([sessions.statusCode, codeOf(sessions)]).toEqual([403, 'TRIAL_ACCOUNT_FORBIDDEN']);
    const password = await sealedCall(
      world.app,
      'POST',
      '/wps/member/password',
      { oldPassword: 'x', newPassword: 'Fresh@67890', confirmNewPassword: 'Fresh@67890' },
      { token },
    );
    expect([password.statusCode, codeOf(password)]).toEqual([403, 'TRIAL_ACCOUNT_FORBIDDEN']);
  });

  it('refuses free play where the merchant has it switched off', async () => {
    const response = await call(world.app, {
      method: 'POST',
      url: '/wps/session/login/freeplay',
      host: 'siam.localhost',
      payload: { platform: 'W' },
    });
    expect([response.statusCode, codeOf(response)]).toEqual([403, 'FEATURE_DISABLED']);
  });

  it('limits how many trial accounts one address opens', async () => {
    const limited = await buildTestApp(world.db, {
      clock,
      env: { FREEPLAY_PER_IP_PER_HOUR: '2' },
    });
    const start = () =>
      call(limited, {
        method: 'POST',
        url: '/wps/session/login/freeplay',
        ip: '198.51.100.77',
        payload: { platform: 'W' },
      });
    expect((await start()).statusCode).toBe(200);
    expect((await start()).statusCode).toBe(200);
    expect(codeOf(await start())).toBe('RATE_LIMITED');
    await limited.close();
  });
});
