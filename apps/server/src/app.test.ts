// Proves that bad input never reaches a 5xx: it walks every endpoint of the contract's route
// table and sends it malformed JSON, wrong types, unknown keys, huge values, wrong content
// types, oversized bodies, missing credentials and (in production) an unknown host, and expects
// a 4xx error envelope whose code matches its status. It also checks the headers every
// response carries, and that large answers go compressed.
import {
  ENDPOINTS,
  ERROR_STATUS,
  isErrorCode,
  type Endpoint,
  type ErrorEnvelope,
} from '@lanna/contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, openTestDb, TEST_OPERATOR_KEY, type TestDb } from './testing/index.ts';

type Probe = { name: string; request: InjectOptions; production?: boolean };

const AUTH = { authorization: `Bearer ${TEST_OPERATOR_KEY}` };
const HUGE = '9'.repeat(400);

let testDb: TestDb;
let app: FastifyInstance;
let production: FastifyInstance;

beforeAll(async () => {
  testDb = await openTestDb();
  app = await buildTestApp(testDb.db);
  production = await buildTestApp(testDb.db, {
    env: { NODE_ENV: 'production', WEB_DIST_DIR: '/nonexistent-web-dist' },
  });
});

afterAll(async () => {
  await app.close();
  await production.close();
  await testDb.close();
});

const shapeKeys = (schema: z.ZodType | undefined): string[] =>
  schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];

/** The path with each parameter filled: valid values, or `bad` for the one under test. */
const pathOf = (endpoint: Endpoint, bad?: { key: string; value: string }): string =>
  endpoint.path.replace(/:(\w+)/g, (_, key: string) =>
    encodeURIComponent(bad?.key === key ? bad.value : 'lanna'),
  );

const queryProbes = (endpoint: Endpoint): Probe[] => {
  const keys = shapeKeys(endpoint.query);
  if (!endpoint.query) return [];
  const url = pathOf(endpoint);
  const base = { method: endpoint.method, url };
  return [
    { name: 'unknown query key', request: { ...base, url: `${url}?unknownKey=1` } },
    ...keys.flatMap((key) => [
      { name: `wrong type in ${key}`, request: { ...base, url: `${url}?${key}=not-valid%00` } },
      { name: `huge ${key}`, request: { ...base, url: `${url}?${key}=${HUGE}` } },
      { name: `negative ${key}`, request: { ...base, url: `${url}?${key}=-1` } },
      { name: `repeated ${key}`, request: { ...base, url: `${url}?${key}=1&${key}=2` } },
    ]),
  ];
};

const paramProbes = (endpoint: Endpoint): Probe[] =>
  shapeKeys(endpoint.params).flatMap((key) => [
    {
      name: `malformed ${key}`,
      request: { method: endpoint.method, url: pathOf(endpoint, { key, value: 'NOT valid!' }) },
    },
    {
      name: `long ${key}`,
      request: { method: endpoint.method, url: pathOf(endpoint, { key, value: 'a'.repeat(300) }) },
    },
  ]);

const bodyProbes = (endpoint: Endpoint): Probe[] => {
  if (!endpoint.body) return [];
  const base = { method: endpoint.method, url: pathOf(endpoint) };
  const json = { 'content-type': 'application/json' };
  return [
    { name: 'malformed JSON', request: { ...base, headers: json, payload: '{"language": ' } },
    { name: 'empty JSON body', request: { ...base, headers: json, payload: '' } },
    { name: 'no body at all', request: base },
    { name: 'JSON null', request: { ...base, headers: json, payload: 'null' } },
    { name: 'JSON array', request: { ...base, headers: json, payload: '[1,2,3]' } },
    {
      name: 'wrong types',
      request: { ...base, payload: { language: 42, maintenance: 'yes', reason: [] } },
    },
    { name: 'unknown keys only', request: { ...base, payload: { unknownKey: true } } },
    {
      name: 'prototype pollution',
      request: { ...base, headers: json, payload: '{"__proto__":{"admin":true}}' },
    },
    {
      name: 'huge string',
      request: { ...base, payload: { language: HUGE.repeat(100), reason: HUGE.repeat(100) } },
    },
    {
      name: 'deep nesting',
      request: { ...base, headers: json, payload: `${'['.repeat(5000)}${']'.repeat(5000)}` },
    },
    {
      name: 'text/plain',
      request: { ...base, headers: { 'content-type': 'text/plain' }, payload: 'language=TH' },
    },
    {
      name: 'form body',
      request: {
        ...base,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'language=TH',
      },
    },
    {
      name: 'body over 1 MiB',
      request: { ...base, headers: json, payload: `{"language":"${'x'.repeat(1_100_000)}"}` },
    },
  ];
};

const accessProbes = (endpoint: Endpoint): Probe[] => {
  const base = { method: endpoint.method, url: pathOf(endpoint) };
  if (endpoint.auth === 'operator') {
    return [
      { name: 'no operator key', request: base },
      {
        name: 'wrong operator key',
        request: { ...base, headers: { authorization: 'Bearer wrong-key-wrong-key' } },
      },
    ];
  }
  const memberProbes: Probe[] =
    endpoint.auth === 'member'
      ? [
          { name: 'no session token', request: base },
          {
            name: 'a malformed session token',
            request: { ...base, headers: { authorization: 'Bearer not-a-token' } },
          },
          {
            name: 'an unknown session token',
            request: { ...base, headers: { authorization: `Bearer ${'A'.repeat(43)}` } },
          },
        ]
      : [];
  if (endpoint.path.startsWith('/wps/') || endpoint.path.startsWith('/lgw/')) {
    return [
      ...memberProbes,
      {
        name: 'unknown host in production',
        production: true,
        request: { ...base, headers: { host: 'unknown.example' } },
      },
    ];
  }
  return [];
};

/** Operator calls get the key, so that the probe reaches the input it is about. */
const withAuth = (endpoint: Endpoint, probe: Probe): Probe =>
  endpoint.auth === 'operator' && !probe.name.includes('operator key')
    ? { ...probe, request: { ...probe.request, headers: { ...AUTH, ...probe.request.headers } } }
    : probe;

const probesOf = (endpoint: Endpoint): Probe[] =>
  [
    ...queryProbes(endpoint),
    ...paramProbes(endpoint),
    ...bodyProbes(endpoint),
    ...accessProbes(endpoint),
  ].map((probe) => withAuth(endpoint, probe));

const expectClientError = (response: LightMyRequestResponse) => {
  expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, response.body).toBeLessThan(500);
  const body = response.json<ErrorEnvelope>();
  expect(body.success).toBe(false);
  expect(isErrorCode(body.code), body.code).toBe(true);
  if (isErrorCode(body.code)) expect(ERROR_STATUS[body.code]).toBe(response.statusCode);
  expect(body.message).toBe(`errors.${body.code}`);
  expect(body.value?.requestId).toBe(response.headers['x-request-id']);
};

const probed = ENDPOINTS.map((endpoint) => ({
  endpoint,
  probes: probesOf(endpoint),
}));

describe.each(
  probed
    .filter(({ probes }) => probes.length > 0)
    .map((entry) => [`${entry.endpoint.method} ${entry.endpoint.path}`, entry] as const),
)('%s with bad input', (_, { probes }) => {
  it.each(probes.map((probe) => [probe.name, probe] as const))(
    'answers %s with a 4xx error envelope',
    async (_name, probe: Probe) => {
      const target = probe.production ? production : app;
      expectClientError(await target.inject(probe.request));
    },
  );
});

it('probes every endpoint that takes input, credentials or a merchant', () => {
  const unprobed = probed
    .filter(({ probes }) => probes.length === 0)
    .map(({ endpoint }) => endpoint.path);
  expect(unprobed).toEqual(['/healthz']);
});

describe('requests outside the route table', () => {
  it.each([
    ['an unknown route', { method: 'GET', url: '/wps/system/nothing' }],
    ['a known path with another method', { method: 'DELETE', url: '/wps/system/status' }],
    ['a broken percent-encoding', { method: 'GET', url: '/wps/system/%E0%A4%A' }],
    ['a path traversal', { method: 'GET', url: '/media/banners/..%2f..%2fetc%2fpasswd' }],
    ['a banner that is not a number', { method: 'GET', url: '/media/banners/abc.svg' }],
    ['a banner id beyond any table', { method: 'GET', url: `/media/banners/${HUGE}.svg` }],
  ] as const)('answers %s with a 4xx error envelope', async (_name, request) => {
    const response = await app.inject(request as InjectOptions);
    expectClientError(response);
  });

  it('names an unknown route ROUTE_NOT_FOUND', async () => {
    const response = await app.inject({ method: 'GET', url: '/wps/nothing/here' });
    expect(response.statusCode).toBe(404);
    expect(response.json<unknown>()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
  });

  it('tells a known path asked with another method 405 and the methods it takes', async () => {
    const wrong = await app.inject({ method: 'DELETE', url: '/wps/system/status?x=1' });
    expect(wrong.statusCode).toBe(405);
    expect(wrong.headers.allow).toBe('GET');
    expect(wrong.json<unknown>()).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
    const withParam = await app.inject({
      method: 'PATCH',
      url: '/ops/merchants/lanna/members/someone/wallets',
    });
    expect(withParam.statusCode).toBe(405);
    expect(withParam.headers.allow).toContain('GET');
  });

  it('ignores query keys on a route that takes none, so cache-busting pings work', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz?_=123' });
    expect(response.statusCode).toBe(200);
  });
});

describe('headers of every response', () => {
  it('echoes a fresh request id and sends the API security headers on a JSON answer', async () => {
    const first = await app.inject({ method: 'GET', url: '/wps/system/status' });
    const second = await app.inject({ method: 'GET', url: '/wps/system/status' });
    expect(first.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
    expect(first.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(first.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(first.headers['strict-transport-security']).toContain('max-age=31536000');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers['x-frame-options']).toBe('DENY');
    expect(first.headers['referrer-policy']).toBeUndefined();
  });

  it('sends the page security headers on anything that is not an API path', async () => {
    const response = await app.inject({ method: 'GET', url: '/docs' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });
});

describe('compression', () => {
  const get = (url: string, acceptEncoding: string) =>
    app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });
  const gamesOf = (body: string) =>
    (JSON.parse(body) as { value: { games: { nodeId: number }[] } }).value.games.map(
      (game) => game.nodeId,
    );

  it('compresses a large answer in the encoding the client prefers', async () => {
    const page = '/lgw/games/list?pageSize=40';
    const brotli = await get(page, 'gzip, deflate, br, zstd');
    const gzip = await get(page, 'br;q=0, gzip');
    const plain = await get(page, 'identity');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gamesOf(plain.body)).toHaveLength(40);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotli.headers['content-length']).toBe(String(brotli.rawPayload.length));
    const unbrotlied = brotliDecompressSync(brotli.rawPayload).toString();
    expect(gamesOf(unbrotlied)).toEqual(gamesOf(plain.body));
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gamesOf(gunzipSync(gzip.rawPayload).toString())).toEqual(gamesOf(plain.body));
  });

  it('sends a small answer as it is, whatever the client accepts', async () => {
    const response = await get('/wps/system/status', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.length).toBeLessThan(1024);
  });
});
