import {
  ErrorEnvelopeSchema,
  isErrorCode,
  type Endpoint,
  type ErrorCode,
  type ValueOf,
} from '@lanna/contract';
import type { z } from 'zod';
import { expireSession } from '../session';
import { ApiError, type ApiErrorCode } from './api-error';
import { takePrefetched } from './prefetch';
import { requestHeaders } from './request-headers';

type Part<Key extends string, Schema> = Schema extends z.ZodType
  ? { [K in Key]: z.input<Schema> }
  : { [K in Key]?: undefined };

/** What a call sends: exactly the parts its endpoint declares, typed from the contract. */
export type CallInput<E extends Endpoint> = Part<'params', E['params']> &
  Part<'query', E['query']> &
  Part<'body', E['body']>;

export type CallOptions = {
  signal?: AbortSignal | undefined;
  timeoutMs?: number;
  /**
   * How the body travels: JSON, or form-urlencoded where the spec says so (forgot password by
   * e-mail, spec section 7).
   */
  encoding?: 'json' | 'form';
  /**
   * A 401 to a request that carried the session token ends the session (the shell then shows
   * the login popup). Logout turns it off: its own 401 only means the session was already over.
   */
  expireOnUnauthorized?: boolean;
};

type CallArgs<E extends Endpoint> =
  object extends CallInput<E>
    ? [input?: CallInput<E>, options?: CallOptions]
    : [input: CallInput<E>, options?: CallOptions];

const DEFAULT_TIMEOUT_MS = 15_000;

/** Fills `:name` segments and appends the query (undefined values are left out). */
export const buildUrl = (path: string, params?: object, query?: object): string => {
  const filled = path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = (params as Record<string, string | number | undefined> | undefined)?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const queryString = search.toString();
  return queryString ? `${filled}?${queryString}` : filled;
};

/** The code for a failure whose body is not an error envelope. */
const codeForStatus = (status: number): ApiErrorCode => {
  if (status === 502 || status === 504) return 'NETWORK_ERROR';
  const byStatus: Record<number, ErrorCode> = {
    400: 'VALIDATION_FAILED',
    401: 'UNAUTHORIZED',
    403: 'FORBIDDEN',
    404: 'NOT_FOUND',
    405: 'METHOD_NOT_ALLOWED',
    413: 'PAYLOAD_TOO_LARGE',
    415: 'UNSUPPORTED_MEDIA_TYPE',
    429: 'RATE_LIMITED',
    503: 'MAINTENANCE',
  };
  return byStatus[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'INVALID_RESPONSE');
};

const encodeForm = (body: unknown): string => {
  const form = new URLSearchParams();
  // Form bodies are flat (spec section 7: username and email); nested values are not sent.
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      form.set(key, String(value));
  }
  return form.toString();
};

const bodyInit = (body: unknown, encoding: 'json' | 'form'): string | null => {
  if (body === undefined) return null;
  return encoding === 'form' ? encodeForm(body) : JSON.stringify(body);
};

/** Sends the request; `headers` are passed in so the caller knows which token went out. */
const send = async (
  endpoint: Endpoint,
  url: string,
  init: { body: unknown; encoding: 'json' | 'form'; headers: Record<string, string> },
  signal: AbortSignal,
): Promise<Response> => {
  const prefetched = endpoint.method === 'GET' ? takePrefetched(url) : undefined;
  if (prefetched) {
    try {
      return await prefetched;
    } catch {
      // The early request failed (the server may have been starting): ask again below.
    }
  }
  const headers = { ...init.headers };
  if (init.body !== undefined) {
    headers['Content-Type'] =
      init.encoding === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
  }
  return fetch(url, {
    method: endpoint.method,
    headers,
    body: bodyInit(init.body, init.encoding),
    credentials: 'same-origin',
    signal,
  });
};

const BEARER_PREFIX = 'Bearer ';

/** The token a request carried, if any. */
const tokenOf = (headers: Record<string, string>): string | null => {
  const authorization = headers.Authorization;
  return authorization?.startsWith(BEARER_PREFIX)
    ? authorization.slice(BEARER_PREFIX.length)
    : null;
};

const readJson = async (response: Response): Promise<unknown> => {
  try {
    return (await response.json()) as unknown;
  } catch (cause) {
    const code = response.ok ? 'INVALID_RESPONSE' : codeForStatus(response.status);
    throw new ApiError(code, { status: response.status, cause });
  }
};

const failureFrom = (response: Response, json: unknown): ApiError => {
  const envelope = ErrorEnvelopeSchema.safeParse(json);
  if (!envelope.success)
    return new ApiError(codeForStatus(response.status), { status: response.status });
  const { code, value } = envelope.data;
  return new ApiError(isErrorCode(code) ? code : codeForStatus(response.status), {
    status: response.status,
    requestId: value?.requestId,
    issues: value?.issues,
    captchaRequired: value?.captchaRequired,
    retryAfterSeconds: value?.retryAfterSeconds,
    secondVerification: value?.secondVerification,
    undercutContracts: value?.undercutContracts,
  });
};

/**
 * Calls one contract endpoint and returns its value, validated by the endpoint's value schema.
 * Every failure is normalised to an ApiError; a caller's own abort is passed through untouched.
 */
export const call = async <E extends Endpoint>(
  endpoint: E,
  ...[input, options]: CallArgs<E>
): Promise<ValueOf<E>> => {
  const parts = (input ?? {}) as { params?: object; query?: object; body?: unknown };
  const url = buildUrl(endpoint.path, parts.params, parts.query);
  const timeout = AbortSignal.timeout(options?.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = options?.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

  const headers = requestHeaders();
  const encoding = options?.encoding ?? 'json';
  let response: Response;
  try {
    response = await send(endpoint, url, { body: parts.body, encoding, headers }, signal);
  } catch (cause) {
    if (options?.signal?.aborted) throw cause;
    const code = timeout.aborted ? 'TIMEOUT' : 'NETWORK_ERROR';
    throw new ApiError(code, { status: 0, cause });
  }

  const sentToken = tokenOf(headers);
  if (response.status === 401 && sentToken && options?.expireOnUnauthorized !== false) {
    expireSession(sentToken);
  }

  const json = await readJson(response);
  const succeeded =
    response.ok &&
    typeof json === 'object' &&
    json !== null &&
    (json as { success?: unknown }).success === true;
  if (!succeeded) throw failureFrom(response, json);

  const parsed = endpoint.value.safeParse((json as { value?: unknown }).value);
  if (!parsed.success) {
    throw new ApiError('INVALID_RESPONSE', { status: response.status, cause: parsed.error });
  }
  return parsed.data as ValueOf<E>;
};
