// Proves the endpoint helper: it wraps a handler's value in the success envelope, serialises it
// through the contract schema so undeclared fields never leave the server, sends a value its
// service serialised (checked against the schema outside production), compressed for a client
// that accepts it, answers a handler that gives its value (or refusal) without a promise, and
// validates input.
import { defineEndpoint } from '@lanna/contract';
import Fastify from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Env } from '../config/env.ts';
import { AppError } from '../shared/app-error.ts';
import { SerialisedValue } from '../shared/serialised-value.ts';
import { registerEndpoint } from './endpoint.ts';
import { registerErrorHandler } from './error-handler.ts';

const probe = defineEndpoint({
  method: 'GET',
  path: '/probe',
  summary: 'test endpoint',
  tag: 'test',
  auth: 'public',
  query: z.object({ n: z.coerce.number().int().max(10) }).strict(),
  value: z.object({ shown: z.number() }),
  errors: ['VALIDATION_FAILED'],
});

const serialisedProbe = defineEndpoint({ ...probe, path: '/probe/serialised' });

// Handlers that answer at once, without a promise: a value, a serialised value, or a refusal.
const atOnceProbe = defineEndpoint({
  ...probe,
  path: '/probe/at-once',
  errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
});
const atOnceSerialisedProbe = defineEndpoint({ ...probe, path: '/probe/at-once/serialised' });

const bigProbe = defineEndpoint({
  ...probe,
  path: '/probe/big',
  value: z.object({ names: z.array(z.string()) }),
});
const BIG_VALUE = { names: Array.from({ length: 200 }, (_, index) => `Golden Dragon ${index}`) };
const BIG_BODY = JSON.stringify({ success: true, code: 'OK', message: 'ok', value: BIG_VALUE });

const buildProbeApp = async () => {
  const app = Fastify();
  app.decorate('config', { NODE_ENV: 'test' } as Env);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerEndpoint(app, probe, ({ query }) => {
    const leaky = { shown: query.n, secret: 'password-hash' };
    return Promise.resolve(leaky);
  });
  registerEndpoint(app, serialisedProbe, ({ query }) =>
    Promise.resolve(
      new SerialisedValue(
        query.n === 9 ? { shown: 9, secret: 'password-hash' } : { shown: query.n },
      ),
    ),
  );
  registerEndpoint(app, bigProbe, () => Promise.resolve(new SerialisedValue(BIG_VALUE)));
  registerEndpoint(app, atOnceProbe, ({ query }) => {
    if (query.n === 0) throw new AppError('NOT_FOUND');
    return { shown: query.n, secret: 'password-hash' } as { shown: number };
  });
  registerEndpoint(
    app,
    atOnceSerialisedProbe,
    ({ query }) => new SerialisedValue({ shown: query.n }),
  );
  await app.ready();
  return app;
};

describe('registerEndpoint', () => {
  it('wraps the value in the envelope and drops fields the contract does not declare', async () => {
    const app = await buildProbeApp();
    const response = await app.inject({ method: 'GET', url: '/probe?n=3' });
    await app.close();
    expect(JSON.parse(response.body)).toEqual({
      success: true,
      code: 'OK',
      message: 'ok',
      value: { shown: 3 },
    });
  });

  it('sends a serialised value as its bytes, in the envelope', async () => {
    const app = await buildProbeApp();
    const response = await app.inject({ method: 'GET', url: '/probe/serialised?n=4' });
    await app.close();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.body).toBe('{"success":true,"code":"OK","message":"ok","value":{"shown":4}}');
  });

  it('compresses a large serialised value in the encoding the client prefers', async () => {
    const app = await buildProbeApp();
    const get = (acceptEncoding: string) =>
      app.inject({
        method: 'GET',
        url: '/probe/big?n=1',
        headers: { 'accept-encoding': acceptEncoding },
      });
    const brotli = await get('gzip, deflate, br, zstd');
    const gzip = await get('br;q=0, gzip');
    const plain = await get('identity');
    await app.close();
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(BIG_BODY);
    expect(brotli.rawPayload.length).toBeLessThan(BIG_BODY.length / 4);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(BIG_BODY);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_BODY);
    for (const response of [brotli, gzip, plain]) {
      expect(response.headers.vary).toBe('accept-encoding');
    }
  });

  it('sends a small serialised value as it is, whatever the client accepts', async () => {
    const app = await buildProbeApp();
    const response = await app.inject({
      method: 'GET',
      url: '/probe/serialised?n=4',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    await app.close();
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('{"success":true,"code":"OK","message":"ok","value":{"shown":4}}');
  });

  it('refuses, outside production, a serialised value with a field the contract lacks', async () => {
    const app = await buildProbeApp();
    const response = await app.inject({ method: 'GET', url: '/probe/serialised?n=9' });
    await app.close();
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('password-hash');
  });

  it('answers a value, a serialised value and a refusal its handler gives without a promise', async () => {
    const app = await buildProbeApp();
    const value = await app.inject({ method: 'GET', url: '/probe/at-once?n=5' });
    const serialised = await app.inject({ method: 'GET', url: '/probe/at-once/serialised?n=6' });
    const refused = await app.inject({ method: 'GET', url: '/probe/at-once?n=0' });
    await app.close();
    expect(JSON.parse(value.body)).toEqual({
      success: true,
      code: 'OK',
      message: 'ok',
      value: { shown: 5 },
    });
    expect(serialised.body).toBe('{"success":true,"code":"OK","message":"ok","value":{"shown":6}}');
    expect(refused.statusCode).toBe(404);
    expect(JSON.parse(refused.body)).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('answers invalid input with VALIDATION_FAILED and the issue path', async () => {
    const app = await buildProbeApp();
    const response = await app.inject({ method: 'GET', url: '/probe?n=11&extra=1' });
    await app.close();
    expect(response.statusCode).toBe(400);
    const body = JSON.parse(response.body) as {
      code: string;
      value: { issues: { path: string }[] };
    };
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.value.issues.map((issue) => issue.path).sort()).toEqual(['extra', 'n']);
  });
});
