import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';

export type PostAnswer = { status: number; body: string };

// A gateway's answers are a few hundred bytes; anything far larger is not one.
const MAX_ANSWER_BYTES = 64 * 1024;

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * `localhost` and every `*.localhost` name are this machine (RFC 6761), which browsers know
 * and the system resolver may not: the demo merchants live on such names, and the sandbox
 * gateway calls them back.
 */
const loopbackAwareLookup = (
  hostname: string,
  options: LookupOptions,
  callback: LookupCallback,
): void => {
  const local = hostname === 'localhost' || hostname.endsWith('.localhost');
  dnsLookup(local ? '127.0.0.1' : hostname, options, callback as never);
};

/**
 * POSTs a JSON body over HTTP(S) and reads the answer as text, within `timeoutMs` overall.
 * Rejects on a network failure, a time-out or an oversized answer; any status resolves.
 */
export const postJson = (url: string, body: unknown, timeoutMs: number): Promise<PostAnswer> =>
  new Promise((resolve, reject) => {
    const target = new URL(url);
    const payload = Buffer.from(JSON.stringify(body), 'utf8');
    const options: RequestOptions = {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': String(payload.length),
        accept: 'application/json',
      },
      lookup: loopbackAwareLookup,
      timeout: timeoutMs,
    };
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(target, options, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_ANSWER_BYTES) {
          request.destroy(
            new Error(`answer from ${target.origin} is over ${MAX_ANSWER_BYTES} bytes`),
          );
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
      response.on('error', reject);
    });
    const deadline = setTimeout(
      () => request.destroy(new Error(`no answer from ${target.origin} within ${timeoutMs} ms`)),
      timeoutMs,
    );
    request.on('close', () => clearTimeout(deadline));
    request.on('timeout', () => request.destroy(new Error(`${target.origin} went silent`)));
    request.on('error', reject);
    request.end(payload);
  });
