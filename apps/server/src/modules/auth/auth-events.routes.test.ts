// Proves two guards of sign-in that a member never sees but an attacker does: every login must
// carry a fresh proof of work (the human check), and every authentication step leaves a row in
// the append-only auth_events log, with who, where, how and the outcome but never a secret.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  call,
  humanProof,
  loginAs,
  openTestDb,
  postLogin,
  sealedCall,
  type TestDb,
} from '../../testing/index.ts';
import { findAuthEvents } from './auth-events.repository.ts';

const PASSWORD = 'Demo@12345';

let testDb: TestDb;
let app: FastifyInstance;
let lannaId = 0;

beforeAll(async () => {
  testDb = await openTestDb();
  app = await buildTestApp(testDb.db);
  lannaId = (await testDb.db.one<{ id: number }>("SELECT id FROM merchants WHERE code = 'lanna'"))
    .id;
});

afterAll(async () => {
  await app.close();
  await testDb.close();
});

const codeOf = (response: LightMyRequestResponse) => response.json<{ code: string }>().code;
const eventsOf = (username: string) =>
  findAuthEvents(testDb.db, lannaId, { usernameKey: username, limit: 50 });

describe('the human check at login', () => {
  it('refuses a login without a proof, with a forged one, and with a spent one', async () => {
    const missing = await postLogin(app, {
      username: 'demo_member',
      password: PASSWORD,
      humanVerification: undefined,
    });
    expect([missing.statusCode, codeOf(missing)]).toEqual([400, 'VALIDATION_FAILED']);

    const forged = Buffer.from(
      JSON.stringify({ algorithm: 'SHA-256', challenge: 'a'.repeat(64), number: 1 }),
    ).toString('base64');
    const bad = await postLogin(app, {
      username: 'demo_member',
      password: PASSWORD,
      humanVerification: { proof: forged },
    });
    expect([bad.statusCode, codeOf(bad)]).toEqual([400, 'HUMAN_CHECK_FAILED']);

    const proof = await humanProof(app);
    const first = await postLogin(app, {
      username: 'demo_member',
      password: PASSWORD,
      humanVerification: proof,
    });
    expect(first.statusCode, first.body).toBe(200);
    const again = await postLogin(app, {
      username: 'demo_member',
      password: PASSWORD,
      humanVerification: proof,
    });
    expect(codeOf(again)).toBe('HUMAN_CHECK_FAILED');
  });

  it('guards the agent area the same way', async () => {
    const response = await postLogin(
      app,
      { username: 'demo_member', password: PASSWORD, humanVerification: { proof: 'bm9wZQ==' } },
      { agentArea: true },
    );
    expect(codeOf(response)).toBe('HUMAN_CHECK_FAILED');
  });
});

describe('auth events', () => {
  it('records failures, the sign-in, a password change and the logout, newest first', async () => {
    const ip = '198.51.100.44';
    const wrong = await postLogin(app, { username: 'Demo_Agent', password: 'Wrong@1234' }, { ip });
    expect(codeOf(wrong)).toBe('WRONG_CREDENTIALS');
    const { token } = await loginAs(app, { username: 'demo_agent', password: PASSWORD }, { ip });
    const changed = await sealedCall(
      app,
      'POST',
      '/wps/member/password',
      { oldPassword: PASSWORD, newPassword: 'Mango#Tree77', confirmNewPassword: 'Mango#Tree77' },
      { token, ip },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const out = await call(app, { method: 'DELETE', url: '/wps/session/logout', token, ip });
    expect(out.statusCode).toBe(200);

    const events = await eventsOf('demo_agent');
    expect(events.map((row) => [row.event, row.method, row.outcome_code])).toEqual([
      ['session.logged_out', null, null],
      ['password.changed', null, null],
      ['login.succeeded', 'password', null],
      ['login.failed', 'password', 'WRONG_CREDENTIALS'],
    ]);
    expect(events.every((row) => row.ip === ip)).toBe(true);
    const succeeded = events.find((row) => row.event === 'login.succeeded');
    expect(succeeded?.member_id).not.toBeNull();
  });

  it('records a failure against an unknown username without naming an account', async () => {
    await postLogin(app, { username: 'nobody_here', password: 'Whatever@1' });
    const [event] = await eventsOf('nobody_here');
    expect(event).toMatchObject({
      event: 'login.failed',
      member_id: null,
      outcome_code: 'WRONG_CREDENTIALS',
    });
  });

  it('keeps no secret and cannot be rewritten', async () => {
    const rows = await testDb.db.query<Record<string, unknown>>('SELECT * FROM auth_events');
    expect(rows.length).toBeGreaterThan(0);
    const dump = JSON.stringify(rows);
    for (const secret of [PASSWORD, 'Mango#Tree77', 'Wrong@1234', 'Whatever@1']) {
      expect(dump).not.toContain(secret);
    }
    await expect(testDb.db.exec("UPDATE auth_events SET ip = '0.0.0.0'")).rejects.toThrow(
      /append-only/,
    );
    await expect(testDb.db.exec('DELETE FROM auth_events')).rejects.toThrow(/append-only/);
  });
});
