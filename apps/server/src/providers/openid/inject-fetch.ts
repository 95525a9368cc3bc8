import type { FastifyInstance, InjectOptions } from 'fastify';

const NO_BODY_STATUSES = new Set([204, 205, 304]);

const bodyOf = (body: RequestInit['body']): string | Buffer | undefined => {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  throw new TypeError('inject fetch: unsupported body type');
};

/**
 * A `fetch` that answers from this server in-process (`app.inject`) instead of the network.
 * The relying party reaches the local OpenID provider through it, so the server needs no
 * address for itself and tests on `inject` run the whole flow.
 */
export const injectFetch =
  (app: FastifyInstance): typeof fetch =>
  async (input, init) => {
    const request = input instanceof Request ? input : null;
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
    );
    const headers = Object.fromEntries(new Headers(init?.headers ?? request?.headers ?? {}));
    const payload = bodyOf(init?.body);
    const response = await app.inject({
      method: (init?.method ?? request?.method ?? 'GET') as InjectOptions['method'],
      url: `${url.pathname}${url.search}`,
      headers: { ...headers, host: url.host },
      ...(payload === undefined ? {} : { payload }),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) {
        responseHeaders.append(name, String(item));
      }
    }
    return new Response(NO_BODY_STATUSES.has(response.statusCode) ? null : response.rawPayload, {
      status: response.statusCode,
      headers: responseHeaders,
    });
  };
