import { Agent, request as httpRequest } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * How the money tests reach the server: in process through `inject` (the property test), or
 * over real HTTP with keep-alive connections to a listening server (the load and crash tests),
 * so one set of calls drives both.
 */
export type MoneyRequest = {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  headers?: Record<string, string>;
  body?: string;
};

export type MoneyResponse = { status: number; text: string };

export type Transport = (request: MoneyRequest) => Promise<MoneyResponse>;

const jsonHeaders = (request: MoneyRequest): Record<string, string> => ({
  ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
  ...request.headers,
});

export const injectTransport =
  (app: FastifyInstance): Transport =>
  async (request) => {
    const response = await app.inject({
      method: request.method,
      url: request.url,
      headers: jsonHeaders(request),
      ...(request.body === undefined ? {} : { payload: request.body }),
    });
    return { status: response.statusCode, text: response.body };
  };

/** An answer never came: the connection broke or the time ran out (a killed server). */
export class NoAnswerError extends Error {
  override name = 'NoAnswerError';
}

export type HttpTransport = Transport & { close: () => void };

/**
 * Real HTTP to `baseUrl` over at most `connections` keep-alive sockets. A request without an
 * answer within `timeoutMs` (or on a broken connection) rejects with NoAnswerError: the
 * caller cannot know whether it was applied, and must find out.
 */
export const httpTransport = (
  baseUrl: string,
  options: { connections: number; timeoutMs: number },
): HttpTransport => {
  const base = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const send: Transport = (request) =>
    new Promise<MoneyResponse>((resolve, reject) => {
      const body = request.body === undefined ? undefined : Buffer.from(request.body, 'utf8');
      const outgoing = httpRequest(
        {
          agent,
          host: base.hostname,
          port: base.port,
          method: request.method,
          path: request.url,
          headers: {
            ...jsonHeaders(request),
            ...(body ? { 'content-length': String(body.length) } : {}),
          },
          timeout: options.timeoutMs,
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('end', () =>
            resolve({
              status: incoming.statusCode ?? 0,
              text: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          incoming.on('error', (error) => reject(new NoAnswerError(error.message)));
        },
      );
      outgoing.on('timeout', () => outgoing.destroy(new Error('no answer in time')));
      outgoing.on('error', (error) => reject(new NoAnswerError(error.message)));
      outgoing.end(body);
    });
  return Object.assign(send, { close: () => agent.destroy() });
};
