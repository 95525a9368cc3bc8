import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { authenticate, policyOf, type SessionMember } from '../modules/auth/index.ts';
import { AppError } from '../shared/app-error.ts';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** onRequest hook of member routes (after requireMerchant): sets `request.session` or 401. */
    requireSession: onRequestHookHandler;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    /** The signed-in member on member routes; null elsewhere and for guests. */
    session: SessionMember | null;
  }
}

// 256-bit tokens are 43 base64url characters; anything else is not one of ours.
const BEARER = /^Bearer\s+([A-Za-z0-9_-]{43})\s*$/i;

export const bearerTokenOf = (request: FastifyRequest): string | null =>
  BEARER.exec(request.headers.authorization ?? '')?.[1] ?? null;

/**
 * Member sessions (architecture.md, Contract and errors): `Authorization: Bearer <token>`,
 * checked on every member route against the sessions table, scoped to the request's merchant,
 * with absolute expiry (SESSION_MAX_DAYS) and idle timeout (SESSION_IDLE_MINUTES).
 */
export const sessionPlugin = fp(
  (app, _options, done) => {
    const policy = policyOf(app.config);
    app.decorateRequest('session', null);
    const requireSession = async (request: FastifyRequest): Promise<void> => {
      const token = bearerTokenOf(request);
      const merchant = request.merchant;
      if (!token || !merchant) throw new AppError('UNAUTHORIZED');
      const session = await authenticate(app.db, policy, token, merchant.id, app.clock());
      if (!session) throw new AppError('UNAUTHORIZED');
      request.session = session;
    };
    app.decorate('requireSession', requireSession);
    done();
  },
  { name: 'session', dependencies: ['db', 'merchant'] },
);
