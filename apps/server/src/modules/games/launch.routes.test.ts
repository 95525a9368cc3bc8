import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, loginAs, openTestDb, type TestDb } from '../../testing/index.ts';

const PASSWORD = 'Demo@12345';

describe('GET /wps/game/launchGame', () => {
  let testDb: TestDb;
  let app: FastifyInstance;

  beforeAll(async () => {
    testDb = await openTestDb();
    app = await buildTestApp(testDb.db, { env: { HOUSE_VENDOR_URL: 'http://games.example:3100' } });
  });
  afterAll(async () => {
    await app.close();
    await testDb.close();
  });

  const launch = (query: string, token?: string) =>
    call(app, { method: 'GET', url: `/wps/game/launchGame?${query}`, ...(token ? { token } : {}) });

  it("answers a member the house vendor's game page with a live player token", async () => {
    const { token } = await loginAs(app, { username: 'demo_member', password: PASSWORD });
    const response = await launch('vassalage=HOUSE&gameCode=lanna-slot', token);
    expect(response.statusCode).toBe(200);
    const value = response.json<{ value: { url: string; freeplay: boolean } }>().value;
    const url = new URL(value.url);
    expect(url.origin + url.pathname).toBe('http://games.example:3100/games/lanna-slot');
    expect(url.searchParams.get('mode')).toBe('real');
    expect(url.searchParams.get('merchant')).toBe('lanna');
    expect(url.searchParams.get('currency')).toBe('THB');
    expect(url.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('playerId')).toMatch(/^[1-9][0-9]*$/);
    expect(value.freeplay).toBe(false);
    // The page's way back to the lobby it was opened from, and the merchant's zone for times.
    expect(url.searchParams.get('backUrl')).toBe('http://localhost:80/rng?vendor=HOUSE');
    expect(url.searchParams.get('zone')).toBe('Asia/Bangkok');
    // Each launch is its own sitting with its own token.
    const again = await launch('vassalage=HOUSE&gameCode=lanna-slot', token);
    expect(
      new URL(again.json<{ value: { url: string } }>().value.url).searchParams.get('token'),
    ).not.toBe(url.searchParams.get('token'));
  });

  it('answers a trial member a play-money sitting (decision 017) and a guest UNAUTHORIZED', async () => {
    const { token } = await loginAs(app, { username: 'demo_trial', password: PASSWORD });
    const trial = await launch('vassalage=HOUSE&gameCode=lanna-dice', token);
    expect(trial.statusCode, trial.body).toBe(200);
    const value = trial.json<{ value: { url: string; freeplay: boolean } }>().value;
    expect(value.freeplay).toBe(true);
    expect(new URL(value.url).searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Play money is no recent game.
    const recent = await call(app, { method: 'GET', url: '/wps/game/recent', token });
    expect(recent.json<{ value: { list: unknown[] } }>().value.list).toEqual([]);
    const guest = await launch('vassalage=HOUSE&gameCode=lanna-dice');
    expect(guest.statusCode).toBe(401);
  });

  it('answers NOT_FOUND for an unknown game or a vendor without a running provider, 400 for junk', async () => {
    const { token } = await loginAs(app, { username: 'demo_member', password: PASSWORD });
    for (const query of [
      'vassalage=HOUSE&gameCode=nope',
      'vassalage=PG&gameCode=lanna-slot',
      'vassalage=NOPE&gameCode=x',
    ]) {
      const response = await launch(query, token);
      expect(response.statusCode, query).toBe(404);
      expect(response.json<{ code: string }>().code).toBe('NOT_FOUND');
    }
    const junk = await launch('vassalage=house%20x&gameCode=', token);
    expect(junk.statusCode).toBe(400);
  });

  it('launches free play for a guest without a token, back to the domain it came from', async () => {
    const response = await call(app, {
      method: 'GET',
      url: '/wps/game/launchGame/free?vassalage=HOUSE&gameCode=lanna-scratch',
      host: 'lanna.localhost:3000',
    });
    expect(response.statusCode).toBe(200);
    const value = response.json<{ value: { url: string; freeplay: boolean } }>().value;
    const url = new URL(value.url);
    expect(url.searchParams.get('mode')).toBe('free');
    expect(url.searchParams.has('token')).toBe(false);
    expect(url.searchParams.get('merchant')).toBe('lanna');
    expect(url.searchParams.get('backUrl')).toBe('http://lanna.localhost:3000/rng?vendor=HOUSE');
    expect(url.searchParams.get('zone')).toBe('Asia/Bangkok');
    expect(value.freeplay).toBe(true);
  });
});
