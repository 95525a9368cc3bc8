import type { z } from 'zod';
import type { MemberRole } from './auth/roles.ts';
import type { ErrorCode } from './errors.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call an endpoint: the server's auth hook enforces it, the docs show it. `vendor`
 * calls are signed by a game provider (vendor-wallet/signing.ts).
 */
export type EndpointAuth = 'public' | 'member' | 'operator' | 'vendor';

/**
 * One endpoint, defined once: the server validates and serialises with it, the web infers its
 * types from it and the OpenAPI document is generated from it (style.md, "Contract first").
 */
export type Endpoint = {
  method: HttpMethod;
  path: string;
  summary: string;
  /** Longer text for the OpenAPI document, where the summary cannot say enough. */
  description?: string;
  tag: string;
  auth: EndpointAuth;
  params?: z.ZodType;
  query?: z.ZodType;
  /** Headers the call must carry (vendor signatures); documented and checked. */
  headers?: z.ZodType;
  body?: z.ZodType;
  /**
   * A sealed call: the body is an `EncryptedPayload` and this schema parses the payload inside
   * it. Clear text is refused with PAYLOAD_ENCRYPTION_REQUIRED.
   */
  payload?: z.ZodType;
  /** A larger body than the server's default 1 MiB (image uploads); the server enforces it. */
  bodyLimitBytes?: number;
  /**
   * Answered once per idempotency key: the server keeps the first answer, refusals included,
   * and sends any replay of the call the same status and body.
   */
  idempotent?: true;
  /** Member calls only: the roles allowed (all when absent); a trial gets TRIAL_ACCOUNT_FORBIDDEN. */
  roles?: readonly MemberRole[];
  value: z.ZodType;
  errors: readonly ErrorCode[];
};

export const defineEndpoint = <const E extends Endpoint>(endpoint: E): E => endpoint;

const isTenantPath = (path: string) => path.startsWith('/wps/') || path.startsWith('/lgw/');

/**
 * Every code an endpoint may answer, for its document: its own, and those its inputs, its auth
 * and its roles imply (bad input, an unreadable body, no session, a trial, another merchant's
 * host), so no endpoint has to repeat them.
 */
export const errorsOf = (endpoint: Endpoint): ErrorCode[] => {
  const hasInput = Boolean(
    endpoint.params ?? endpoint.query ?? endpoint.headers ?? endpoint.body ?? endpoint.payload,
  );
  const hasBody = Boolean(endpoint.body ?? endpoint.payload);
  const implied: ErrorCode[] = [
    ...(hasInput ? (['VALIDATION_FAILED'] as const) : []),
    ...(hasBody
      ? (['MALFORMED_BODY', 'UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE'] as const)
      : []),
    ...(endpoint.auth === 'member' || endpoint.auth === 'operator'
      ? (['UNAUTHORIZED'] as const)
      : []),
    ...(endpoint.roles ? (['TRIAL_ACCOUNT_FORBIDDEN', 'FORBIDDEN'] as const) : []),
    ...(isTenantPath(endpoint.path) ? (['MERCHANT_NOT_FOUND'] as const) : []),
  ];
  return [...new Set([...endpoint.errors, ...implied])];
};

export type QueryOf<E extends Endpoint> = E['query'] extends z.ZodType
  ? z.input<E['query']>
  : undefined;
export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodType
  ? z.input<E['body']>
  : undefined;
/** What to seal with `encryptPayload` for a sealed call. */
export type PayloadOf<E extends Endpoint> = E['payload'] extends z.ZodType
  ? z.input<E['payload']>
  : undefined;
export type ParamsOf<E extends Endpoint> = E['params'] extends z.ZodType
  ? z.input<E['params']>
  : undefined;
export type ValueOf<E extends Endpoint> = z.output<E['value']>;
