import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
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

/** The shared key's label: every operator action is signed by it. */
export const OPERATOR_ACTOR = 'operator-api-key';

const OPERATOR_NAME = /^[A-Za-z0-9._@-]{1,64}$/;

/**
 * Who did an operator action, for the audit log: the key, and the name the caller gave in
 * `X-Operator` (the CLI sends OPERATOR_NAME or the login name). The name is the key holder's
 * word, not a proof: the operator console's own accounts replace it. Anything that is not a
 * plain name is dropped rather than written into the log.
 */
export const operatorActorOf = (request: FastifyRequest): string => {
  const name = request.headers['x-operator'];
  return typeof name === 'string' && OPERATOR_NAME.test(name)
    ? `${OPERATOR_ACTOR}:${name}`
    : OPERATOR_ACTOR;
};
