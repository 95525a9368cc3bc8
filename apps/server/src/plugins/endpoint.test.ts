// Proves the endpoint helper: it wraps a handler's value in the success envelope, serialises it
// through the contract schema so undeclared fields never leave the server, answers a handler's
// refusal with its status, and validates input. Compression is the app's (app.test.ts).
import { defineEndpoint } from '@lanna/contract';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Env } from '../config/env.ts';
import { AppError } from '../shared/app-error.ts';
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

// A handler that refuses with a code of its endpoint.
const refusingProbe = defineEndpoint({
  ...probe,
  path: '/probe/refusing',
  errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
});

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
  registerEndpoint(app, refusingProbe, async ({ query }) => {
    if (query.n === 0) throw new AppError('NOT_FOUND');
    return Promise.resolve({ shown: query.n });
  });
  await app.ready();
  return app;
};

describe('registerEndpoint', () => {
  it('tells browsers and proxies to keep no answer, a refusal included', async () => {
    const app = await buildProbeApp();
    const answers = await Promise.all([
      app.inject({ method: 'GET', url: '/probe?n=3' }),
      app.inject({ method: 'GET', url: '/probe?n=99' }),
      app.inject({ method: 'GET', url: '/probe/refusing?n=0' }),
    ]);
    await app.close();
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 400, 404]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
  });

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

  it("answers a handler's refusal with its code and the code's status", async () => {
    const app = await buildProbeApp();
    const value = await app.inject({ method: 'GET', url: '/probe/refusing?n=5' });
    const refused = await app.inject({ method: 'GET', url: '/probe/refusing?n=0' });
    await app.close();
    expect(JSON.parse(value.body)).toEqual({
      success: true,
      code: 'OK',
      message: 'ok',
      value: { shown: 5 },
    });
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
