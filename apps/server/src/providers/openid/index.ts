import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { injectFetch } from './inject-fetch.ts';
import {
  createLocalProvider,
  finishInteraction,
  forwardToProvider,
  LOCAL_OIDC_CLIENT_ID,
  LOCAL_OIDC_PREFIX,
  showInteraction,
  type LocalProvider,
} from './local-provider.ts';
import { createRelyingParty, type RelyingParty } from './relying-party.ts';

export { LOCAL_OIDC_CLIENT_ID, LOCAL_OIDC_PREFIX } from './local-provider.ts';
export {
  OpenIdError,
  type OpenIdProviderSettings,
  type RelyingParty,
  type VerifiedIdentity,
} from './relying-party.ts';

/** The local OpenID provider as the relying party sees it. */
export type LocalOpenIdProvider = {
  /** Its issuer when the site is reached at `origin` (scheme, host and port). */
  issuerFor: (origin: string) => string;
  /** Reaches it in-process. */
  fetch: typeof fetch;
  clientId: string;
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** The OpenID relying party, and the local provider when LOCAL_OIDC_PROVIDER is on. */
    openId: { relyingParty: RelyingParty; local: LocalOpenIdProvider | null };
  }
}

const parseForm = (_request: unknown, body: string, done: (e: Error | null, v?: unknown) => void) =>
  done(null, Object.fromEntries(new URLSearchParams(body)));

// The local provider stands in for somebody else's server: it is not part of Lanna's API.
const HIDDEN = { schema: { hide: true } };

/** Mounts the local provider: its own endpoints, and the sign-in page this server draws. */
const mountLocalProvider = async (app: FastifyInstance, local: LocalProvider) => {
  // oidc-provider reads its own request bodies (token endpoint), so Fastify must leave them.
  await app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, next) => next(null));
    scope.all(`${LOCAL_OIDC_PREFIX}/*`, HIDDEN, (request, reply) =>
      forwardToProvider(local, request, reply),
    );
    done();
  });
  await app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      parseForm,
    );
    const url = `${LOCAL_OIDC_PREFIX}/interaction/:uid`;
    scope.get(url, HIDDEN, (request, reply) => showInteraction(local, request, reply));
    scope.post(url, HIDDEN, (request, reply) => finishInteraction(local, request, reply));
    done();
  });
};

/**
 * OpenID Connect for social login (decision 006): the relying party always, and the local
 * provider at /local-oidc when LOCAL_OIDC_PROVIDER is on (on outside production, refused in
 * production by env.ts), which the demo merchants' "Local ID" button signs in with.
 */
export const openIdPlugin = fp(
  async (app) => {
    const relyingParty = createRelyingParty();
    if (app.config.LOCAL_OIDC_PROVIDER !== true) {
      app.decorate('openId', { relyingParty, local: null });
      return;
    }
    const local = createLocalProvider(app.config.TRUST_PROXY !== false);
    await mountLocalProvider(app, local);
    app.decorate('openId', {
      relyingParty,
      local: {
        issuerFor: (origin) => `${origin}${LOCAL_OIDC_PREFIX}`,
        fetch: injectFetch(app),
        clientId: LOCAL_OIDC_CLIENT_ID,
      },
    });
  },
  { name: 'openid' },
);
