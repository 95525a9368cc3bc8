import {
  ERROR_STATUS,
  errorMessageKey,
  isRuleIssue,
  type ErrorCode,
  type ErrorEnvelope,
} from '@lanna/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  type ZodFastifySchemaValidationError,
} from 'fastify-type-provider-zod';
import { isAppError, type ErrorDetails, type Issue } from '../shared/app-error.ts';

type Classified = { code: ErrorCode; issues?: Issue[]; details?: ErrorDetails };

// Fastify's own client errors, by code: the body could not be read as the route needs it.
const FRAMEWORK_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_BODY',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_BODY',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'MALFORMED_BODY',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  // The router's: a broken percent-encoding, a path parameter longer than any route accepts.
  FST_ERR_BAD_URL: 'VALIDATION_FAILED',
  FST_ERR_MAX_PARAM_LENGTH: 'VALIDATION_FAILED',
};

// Any other 4xx a plugin raises, by status; an unlisted 4xx is reported as bad input.
const STATUS_CODES: Record<number, ErrorCode> = {
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** `unrecognized_keys` names the keys in the issue, not the path: one issue per key. */
const toIssues = (validation: ZodFastifySchemaValidationError[], context: string): Issue[] =>
  validation.flatMap((item) => {
    const path = item.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const keys = item.params['keys'];
    if (item.keyword === 'unrecognized_keys' && Array.isArray(keys)) {
      return keys.map((key) => ({
        path: [path, String(key)].filter(Boolean).join('.'),
        message: 'unknown key',
      }));
    }
    return [{ path: path || context, message: item.message ?? 'invalid' }];
  });

export const classifyError = (error: unknown): Classified => {
  if (isAppError(error)) {
    return {
      code: error.code,
      ...(error.issues ? { issues: error.issues } : {}),
      ...(error.details ? { details: error.details } : {}),
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = (error as FastifyError).validationContext ?? 'request';
    // Only rules across fields failed: every field passed its own check.
    const code = error.validation.every((item) => isRuleIssue(item.params))
      ? 'RULES_NOT_MET'
      : 'VALIDATION_FAILED';
    return { code, issues: toIssues(error.validation, context) };
  }
  const fastifyError = error as Partial<FastifyError>;
  const byCode = fastifyError.code ? FRAMEWORK_CODES[fastifyError.code] : undefined;
  if (byCode) return { code: byCode };
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) return { code: STATUS_CODES[status] ?? 'VALIDATION_FAILED' };
  return { code: 'INTERNAL_ERROR' };
};

export const errorEnvelope = (
  code: ErrorCode,
  requestId: string,
  issues?: Issue[],
  details?: ErrorDetails,
): ErrorEnvelope => ({
  success: false,
  code,
  message: errorMessageKey(code),
  value: { requestId, ...(issues ? { issues } : {}), ...details },
});

const handleError = (
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply => {
  const { code, issues, details } = classifyError(error);
  const status = ERROR_STATUS[code];
  if (status >= 500) {
    request.log.error({ err: error, code }, 'request failed');
  } else {
    request.log.info({ code, issues, reason: (error as Error).message }, 'request refused');
  }
  if (details?.retryAfterSeconds !== undefined) {
    reply.header('retry-after', String(details.retryAfterSeconds));
  }
  return reply.status(status).send(errorEnvelope(code, request.id, issues, details));
};

/**
 * Errors the router raises before any hook runs (Fastify's `frameworkErrors`): the same
 * envelope, with the request id that the onRequest hook would otherwise have echoed.
 */
export const handleFrameworkError = (
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void => {
  reply.header('x-request-id', request.id);
  handleError(error, request, reply);
};

export const sendRouteNotFound = (request: FastifyRequest, reply: FastifyReply) =>
  reply.status(ERROR_STATUS.ROUTE_NOT_FOUND).send(errorEnvelope('ROUTE_NOT_FOUND', request.id));

export const sendMethodNotAllowed = (
  request: FastifyRequest,
  reply: FastifyReply,
  allowed: string[],
) =>
  reply
    .status(ERROR_STATUS.METHOD_NOT_ALLOWED)
    .header('allow', allowed.join(', '))
    .send(errorEnvelope('METHOD_NOT_ALLOWED', request.id));

/**
 * The one error handler (style.md, Errors): schema errors 400 with field issues, AppError its
 * status, Fastify's body errors their codes, anything else a generic 500 logged with the
 * request id. Every body is the error envelope; the message is a translation key.
 */
export const registerErrorHandler = (app: FastifyInstance): void => {
  app.setErrorHandler(handleError);
};
