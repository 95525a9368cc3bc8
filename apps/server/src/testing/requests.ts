import type { Envelope } from '@lanna/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { z } from 'zod';
import { sealedCall } from './auth.ts';
import { TEST_OPERATOR_KEY } from './index.ts';

/** Requests as members and operators make them, and what tests read from the answers. */

/** The operator key alone, as the read-only operator routes take it. */
export const OPERATOR_AUTH = { authorization: `Bearer ${TEST_OPERATOR_KEY}` };
/** The operator key and a named operator, as the audited operator routes take them. */
export const OPERATOR_HEADERS = { ...OPERATOR_AUTH, 'x-operator': 'tester' };

/** An operator call by 'alice'. */
export const ops = (
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
) =>
  app.inject({
    method,
    url,
    headers: { ...OPERATOR_AUTH, 'x-operator': 'alice' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** Who a member call is from: the merchant's host and the member's session. */
export type Caller = { host: string; token: string };

const headersOf = (caller: Caller) => ({
  host: caller.host,
  authorization: `Bearer ${caller.token}`,
});

export const getAs = (app: FastifyInstance, caller: Caller, url: string) =>
  app.inject({ method: 'GET', url, headers: headersOf(caller) });

export const postAs = (app: FastifyInstance, caller: Caller, url: string, payload: unknown) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers: headersOf(caller) });

/** A call whose payload is sealed with the app's key, as the site sends passwords. */
export const sealedAs = (
  app: FastifyInstance,
  caller: Caller,
  method: 'POST' | 'PUT',
  url: string,
  payload: unknown,
) => sealedCall(app, method, url, payload, { token: caller.token, host: caller.host });

export const codeOf = (response: LightMyRequestResponse): string =>
  response.json<{ code: string }>().code;

/** The value of a 200 answer, parsed by its contract schema (every API test is a contract test). */
export const valueOf = <S extends z.ZodType>(
  response: LightMyRequestResponse,
  schema: S,
): z.output<S> => {
  expect(response.statusCode, response.body).toBe(200);
  return schema.parse(response.json<Envelope<unknown>>().value);
};
