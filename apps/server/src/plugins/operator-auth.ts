import { createHash, timingSafeEqual } from 'node:crypto';
import type { onRequestHookHandler } from 'fastify';
import { AppError } from '../shared/app-error.ts';

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/**
 * The operator realm: `Authorization: Bearer <OPERATOR_API_KEY>`. The key is compared in
 * constant time (as digests, so its length does not leak either). Without a configured key
 * every operator call is refused.
 */
export const operatorAuthHook = (apiKey: string | undefined): onRequestHookHandler => {
  const expected = apiKey ? digest(apiKey) : null;
  return (request, _reply, done) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    const given = match?.[1];
    const valid =
      expected !== null && given !== undefined && timingSafeEqual(digest(given), expected);
    done(valid ? undefined : new AppError('UNAUTHORIZED'));
  };
};
