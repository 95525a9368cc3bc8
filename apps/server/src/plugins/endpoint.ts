import {
  envelopeOf,
  ERROR_STATUS,
  ErrorEnvelopeSchema,
  errorsOf,
  isRuleIssue,
  OK_CODE,
  OK_MESSAGE,
  type EncryptedPayload,
  type Endpoint,
  type Envelope,
  type ErrorCode,
  type ErrorEnvelope,
  type MemberRole,
  type ValueOf,
} from '@lanna/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { z } from 'zod';
import type { SessionMember } from '../modules/auth/index.ts';
import type { MerchantRef } from '../modules/system/index.ts';
import { AppError, type Issue } from '../shared/app-error.ts';
import { operatorAuthHook } from './operator-auth.ts';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** Paths of the site APIs (spec section 7): each belongs to the merchant of the request's host. */
type TenantPath = `/wps/${string}` | `/lgw/${string}`;

export const isTenantPath = (path: string): path is TenantPath =>
  path.startsWith('/wps/') || path.startsWith('/lgw/');

/**
 * What a handler receives: the parsed inputs, the merchant on merchant-scoped paths, and the
 * signed-in member on member calls (the session hook has refused anyone else).
 */
export type EndpointContext<E extends Endpoint> = {
  params: Parsed<E['params']>;
  query: Parsed<E['query']>;
  /** The parsed body; for a sealed call, the parsed payload inside it. */
  body: E['payload'] extends z.ZodType ? Parsed<E['payload']> : Parsed<E['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
} & (E['path'] extends TenantPath ? { merchant: MerchantRef } : unknown) &
  (E['auth'] extends 'member' ? { session: SessionMember } : unknown) &
  (E['auth'] extends 'vendor' ? { vendor: VendorCaller } : unknown);

/** Who signed a vendor call, as the vendor-wallet module's `requireVendor` hook found it. */
type VendorCaller = NonNullable<FastifyRequest['vendor']>;

/**
 * The answer of an idempotent endpoint's handler: the status and envelope it stored under the
 * call's idempotency key (or found there), sent as they are, so a replay gets what the first
 * call got, refusals included.
 */
export type StoredAnswer = { statusCode: number; body: Envelope<unknown> | ErrorEnvelope };

type Returned<E extends Endpoint> = E['idempotent'] extends true ? StoredAnswer : Answer<E>;

type Answer<E extends Endpoint> = ValueOf<E>;

export type EndpointHandler<E extends Endpoint> = (
  context: EndpointContext<E>,
) => Promise<Returned<E>>;

/** The prefix of an error response's description in the document, before its codes. */
export const REFUSED_WITH = 'Refused with ';

/**
 * The error envelope per status, for the docs and for serialisation, described by the codes it
 * carries there ("Refused with NOT_FOUND, MERCHANT_NOT_FOUND"). For routes outside the
 * contract too (generated media), so the document lists every answer of every route.
 */
export const errorResponsesOf = (errors: readonly ErrorCode[]): Record<number, unknown> => {
  const codesByStatus = new Map<number, string[]>();
  for (const code of new Set([...errors, 'INTERNAL_ERROR' as const])) {
    const status = ERROR_STATUS[code];
    codesByStatus.set(status, [...(codesByStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...codesByStatus].map(([status, codes]) => [
      status,
      {
        description: `${REFUSED_WITH}${codes.join(', ')}`,
        content: { 'application/json': { schema: ErrorEnvelopeSchema } },
      },
    ]),
  );
};

/** What a generated image route answers (and 304 to a matching If-None-Match). */
export const svgResponses = {
  200: { description: 'The artwork', content: { 'image/svg+xml': { schema: z.string() } } },
};

/** The 200 envelope, and the error envelope of each status the endpoint refuses with. */
const responsesOf = (endpoint: Endpoint): Record<number, unknown> => ({
  200: envelopeOf(endpoint.value),
  ...errorResponsesOf(errorsOf(endpoint)),
});

/**
 * No API answer is kept by a browser or a proxy, refusals included: most depend on the caller (a
 * session, a token, a captcha, a balance), and the rest are cheap to ask again.
 */
const notStored: onRequestHookHandler = (_request, reply, done) => {
  reply.header('cache-control', 'no-store');
  done();
};

const hooksOf = (app: FastifyInstance, endpoint: Endpoint): onRequestHookHandler[] => {
  const hooks: onRequestHookHandler[] = [notStored];
  switch (endpoint.auth) {
    case 'public':
      break;
    case 'operator':
      hooks.push(operatorAuthHook(app.config.OPERATOR_API_KEY));
      break;
    case 'member':
      break;
    case 'vendor':
      // Signed over the exact body bytes: checked before parsing (preParsing, below).
      if (!app.hasDecorator('requireVendor'))
        throw new Error(`${endpoint.path}: vendor calls need the vendor-wallet module's hook`);
      break;
  }
  if (isTenantPath(endpoint.path)) hooks.push(app.requireMerchant);
  if (endpoint.auth === 'member') {
    // After the merchant: a session only counts on the merchant that issued it.
    if (!isTenantPath(endpoint.path)) throw new Error(`${endpoint.path}: member calls are /wps/`);
    hooks.push(app.requireSession);
    if (endpoint.roles) hooks.push(roleHook(endpoint.roles));
  }
  return hooks;
};

/** A trial is told it needs a real account ('in_need_true_account'); anyone else is forbidden. */
const roleHook =
  (roles: readonly MemberRole[]): onRequestHookHandler =>
  (request, _reply, done) => {
    const role = request.session?.role;
    if (role && roles.includes(role)) return done();
    done(new AppError(role === 'trial' ? 'TRIAL_ACCOUNT_FORBIDDEN' : 'FORBIDDEN'));
  };

const issuesOf = (error: z.ZodError): Issue[] =>
  error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || 'payload',
    message: issue.message,
  }));

/**
 * The body of a sealed call: refused in clear text, opened once, then parsed with the
 * endpoint's payload schema (400 VALIDATION_FAILED with the payload's field issues).
 */
const openPayload = async (
  app: FastifyInstance,
  request: FastifyRequest,
  schema: z.ZodType,
): Promise<unknown> => {
  if (request.validationError) throw new AppError('PAYLOAD_ENCRYPTION_REQUIRED');
  const payload = await app.payloadCrypto.open(request.body as EncryptedPayload);
  const parsed = schema.safeParse(payload);
  if (parsed.success) return parsed.data;
  const onlyRules = parsed.error.issues.every((issue) => isRuleIssue(issue));
  throw new AppError(onlyRules ? 'RULES_NOT_MET' : 'VALIDATION_FAILED', {
    issues: issuesOf(parsed.error),
  });
};

/** What a handler receives for a request whose body (or sealed payload) is `body`. */
const contextOf = <E extends Endpoint>(
  request: FastifyRequest,
  reply: FastifyReply,
  body: unknown,
): EndpointContext<E> =>
  ({
    params: request.params,
    query: request.query,
    body,
    request,
    reply,
    merchant: request.merchant,
    session: request.session,
    vendor: request.vendor,
  }) as EndpointContext<E>;

/** A stored answer as it was first sent: its status, and its envelope through the same schema. */
const storedResponse = (request: FastifyRequest, reply: FastifyReply, answer: StoredAnswer) => {
  if (!answer.body.success) request.log.info({ code: answer.body.code }, 'call refused');
  reply.status(answer.statusCode);
  return answer.body;
};

/** The success envelope of a handler's value. */
const responseOf = (value: unknown) => ({
  success: true,
  code: OK_CODE,
  message: OK_MESSAGE,
  value,
});

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
    // The signature covers the exact body bytes: checked on them before the body is parsed.
    ...(endpoint.auth === 'vendor' ? { preParsing: [app.requireVendor] } : {}),
    // A sealed call reports clear text as PAYLOAD_ENCRYPTION_REQUIRED, not as a schema error.
    attachValidation: Boolean(endpoint.payload),
    ...(endpoint.bodyLimitBytes ? { bodyLimit: endpoint.bodyLimitBytes } : {}),
    schema: {
      summary: endpoint.summary,
      ...(endpoint.description ? { description: endpoint.description } : {}),
      tags: [endpoint.tag],
      ...(endpoint.auth === 'operator' ? { security: [{ operatorKey: [] }] } : {}),
      ...(endpoint.auth === 'member' ? { security: [{ memberSession: [] }] } : {}),
      ...(endpoint.auth === 'vendor' ? { security: [{ vendorSignature: [] }] } : {}),
      ...(endpoint.headers ? { headers: endpoint.headers } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: responsesOf(endpoint),
    },
    handler: async (request, reply) => {
      const body = endpoint.payload
        ? await openPayload(app, request, endpoint.payload)
        : request.body;
      const value = await handler(contextOf<E>(request, reply, body));
      if (endpoint.idempotent) return storedResponse(request, reply, value as StoredAnswer);
      return responseOf(value);
    },
  });
};
