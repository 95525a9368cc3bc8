// Proves the login throttle and the request limits hold when requests arrive together: a burst
// of 50 parallel wrong passwords for one account has at most LOGIN_CAPTCHA_AFTER + 1 of them
// checked against the password (the others are asked for a captcha or locked out), on one node
// and split over two nodes that share only Redis (TEST_REDIS_URL; skipped without it), and the
// owner, from another address, still signs in with a solved captcha after it. The captcha
// limit refuses past its count with RATE_LIMITED and Retry-After, per address and across nodes.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  call,
  humanProof,
  newCaptchaId,
  openTestDb,
  postLogin,
  seal,
  type TestDb,
} from '../../testing/index.ts';
import { MEMBER_PASSWORD, newMember } from '../../testing/factories/members.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

const CAPTCHA = 'K7P3Q';
const BURST = 50;
// LOGIN_CAPTCHA_AFTER (3) guesses before the captcha, and one to spare.
const MOST_CHECKED = 4;
const HELD_BACK = ['CAPTCHA_REQUIRED', 'LOGIN_THROTTLED'];

const codeOf = (response: LightMyRequestResponse) => response.json<{ code: string }>().code;
const freshUsername = () => `burst_${randomBytes(5).toString('hex')}`;

/** Wrong passwords for `username` from one address, sealed first, then sent all at once. */
const burst = async (nodes: FastifyInstance[], username: string, ip: string) => {
  const calls = await Promise.all(
    Array.from({ length: BURST }, async (_, i) => {
      const node = nodes[i % nodes.length]!;
      const payload = await seal(node, {
        username,
        password: 'Wrong@2026x',
        humanVerification: await humanProof(node),
      });
      return { node, payload };
    }),
  );
  const answers = await Promise.all(
    calls.map(({ node, payload }) =>
      node.inject({ method: 'POST', url: '/wps/session/login', payload, remoteAddress: ip }),
    ),
  );
  return answers.map(codeOf);
};

const expectHeldBack = (codes: string[]) => {
  const checked = codes.filter((code) => code === 'WRONG_CREDENTIALS').length;
  expect(checked).toBeGreaterThanOrEqual(1);
  expect(checked).toBeLessThanOrEqual(MOST_CHECKED);
  expect(codes.filter((code) => code !== 'WRONG_CREDENTIALS' && !HELD_BACK.includes(code))).toEqual(
    [],
  );
};

const ownerSignsIn = async (node: FastifyInstance, username: string, ip: string) =>
  postLogin(
    node,
    {
      username,
      password: MEMBER_PASSWORD,
      captcha: CAPTCHA,
      captchaId: await newCaptchaId(node, { ip }),
    },
    { ip },
  );

const askCaptcha = (node: FastifyInstance, ip: string) =>
  call(node, { method: 'GET', url: '/wps/captcha', ip });

describe('a burst of wrong passwords on one node', () => {
  const world = useTestApp({ captchaText: () => CAPTCHA, env: { CAPTCHA_PER_IP_PER_MINUTE: '2' } });

  it('checks at most 4 of 50 parallel wrong passwords and holds back the rest', async () => {
    const { username } = await newMember(world.db, { username: freshUsername() });
    expectHeldBack(await burst([world.app], username, '198.51.100.10'));
  });

  it('lets the owner, from another address, sign in with a solved captcha after the burst', async () => {
    const { username } = await newMember(world.db, { username: freshUsername() });
    expectHeldBack(await burst([world.app], username, '198.51.100.11'));
    const withoutCaptcha = await postLogin(
      world.app,
      { username, password: MEMBER_PASSWORD },
      { ip: '198.51.100.12' },
    );
    expect([withoutCaptcha.statusCode, codeOf(withoutCaptcha)]).toEqual([400, 'CAPTCHA_REQUIRED']);
    const owner = await ownerSignsIn(world.app, username, '198.51.100.12');
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it('gives an address its captchas up to the limit, then RATE_LIMITED with Retry-After', async () => {
    const ip = '198.51.100.20';
    expect((await askCaptcha(world.app, ip)).statusCode).toBe(200);
    expect((await askCaptcha(world.app, ip)).statusCode).toBe(200);
    const refused = await askCaptcha(world.app, ip);
    const body = refused.json<{ code: string; value: { retryAfterSeconds: number } }>();
    expect([refused.statusCode, body.code]).toEqual([429, 'RATE_LIMITED']);
    expect(body.value.retryAfterSeconds).toBeGreaterThan(0);
    expect(body.value.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(refused.headers['retry-after']).toBe(String(body.value.retryAfterSeconds));
    expect((await askCaptcha(world.app, '198.51.100.21')).statusCode).toBe(200);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

// Each node on its own database: only Redis can make them count together.
describe.skipIf(!redisUrl)('a burst split over two nodes sharing Redis', () => {
  const username = freshUsername();
  // Addresses of this run only: other runs may share the Redis server within the window.
  const address = (n: number) => `10.${randomBytes(2).join('.')}.${n}`;
  let databases: TestDb[] = [];
  let nodes: FastifyInstance[] = [];

  beforeAll(async () => {
    databases = await Promise.all([openTestDb(), openTestDb()]);
    nodes = await Promise.all(
      databases.map(async (testDb) => {
        await newMember(testDb.db, { username });
        return buildTestApp(testDb.db, {
          captchaText: () => CAPTCHA,
          env: { REDIS_URL: redisUrl!, CAPTCHA_PER_IP_PER_MINUTE: '2' },
        });
      }),
    );
  });

  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.close()));
    await Promise.all(databases.map((testDb) => testDb.close()));
  });

  it('checks at most 4 of 50 wrong passwords sent to two nodes, and the owner then signs in', async () => {
    expectHeldBack(await burst(nodes, username, address(1)));
    const owner = await ownerSignsIn(nodes[1]!, username, address(2));
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it('counts an address’s captchas on both nodes together', async () => {
    const ip = address(3);
    expect((await askCaptcha(nodes[0]!, ip)).statusCode).toBe(200);
    expect((await askCaptcha(nodes[1]!, ip)).statusCode).toBe(200);
    const refused = await askCaptcha(nodes[0]!, ip);
    expect([refused.statusCode, codeOf(refused)]).toEqual([429, 'RATE_LIMITED']);
  });
});
