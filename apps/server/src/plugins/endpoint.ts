import {
  envelopeOf,
  ERROR_STATUS,
  ErrorEnvelopeSchema,
  OK_CODE,
  OK_MESSAGE,
  type Endpoint,
  type ValueOf,
} from '@lanna/contract';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  onRequestHookHandler,
} from 'fastify';
import type { z } from 'zod';
import type { MerchantRef } from '../modules/system/index.ts';
import { operatorAuthHook } from './operator-auth.ts';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** Paths of the site APIs (spec section 7): each belongs to the merchant of the request's host. */
type TenantPath = `/wps/${string}` | `/lgw/${string}`;

export const isTenantPath = (path: string): path is TenantPath =>
  path.startsWith('/wps/') || path.startsWith('/lgw/');

/** What a handler receives: the parsed inputs, and the merchant on merchant-scoped paths. */
export type EndpointContext<E extends Endpoint> = {
  params: Parsed<E['params']>;
  query: Parsed<E['query']>;
  body: Parsed<E['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
} & (E['path'] extends TenantPath ? { merchant: MerchantRef } : unknown);

export type EndpointHandler<E extends Endpoint> = (
  context: EndpointContext<E>,
) => Promise<ValueOf<E>>;

/** The 200 envelope and, for the docs and for serialisation, the error envelope per status. */
const responsesOf = (endpoint: Endpoint): Record<number, z.ZodType> => {
  const responses: Record<number, z.ZodType> = { 200: envelopeOf(endpoint.value) };
  for (const code of [...endpoint.errors, 'INTERNAL_ERROR' as const]) {
    responses[ERROR_STATUS[code]] = ErrorEnvelopeSchema;
  }
  return responses;
};

const hooksOf = (
  app: FastifyInstance,
  endpoint: Endpoint,
): (onRequestHookHandler | onRequestAsyncHookHandler)[] => {
  const hooks: (onRequestHookHandler | onRequestAsyncHookHandler)[] = [];
  switch (endpoint.auth) {
    case 'public':
      break;
    case 'operator':
      hooks.push(operatorAuthHook(app.config.OPERATOR_API_KEY));
      break;
    case 'member':
      throw new Error(`${endpoint.path}: member sessions are not part of the server yet`);
  }
  if (isTenantPath(endpoint.path)) hooks.push(app.requireMerchant);
  return hooks;
};

/**
 * Registers one contract endpoint: its method and path, its schemas for validation (400 with
 * issues on bad input), its auth, and its response schema for serialisation, so no field
 * outside the contract leaves the server. The handler returns the value; this wraps it in the
 * success envelope.
 */
export const registerEndpoint = <E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
): void => {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    onRequest: hooksOf(app, endpoint),
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.tag],
      ...(endpoint.auth === 'operator' ? { security: [{ operatorKey: [] }] } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: responsesOf(endpoint),
    },
    handler: async (request, reply) => {
      const context = {
        params: request.params,
        query: request.query,
        body: request.body,
        request,
        reply,
        merchant: request.merchant,
      } as EndpointContext<E>;
      const value = await handler(context);
      return { success: true, code: OK_CODE, message: OK_MESSAGE, value };
    },
  });
};
