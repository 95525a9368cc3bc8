import { generateKeyPair, randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { promisify } from 'node:util';
import { SOCIAL_LOGIN_CALLBACK_PATH } from '@lanna/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { JWK } from 'oidc-provider';
import { errorPage, signInPage } from './local-provider-page.ts';
import { createLocalProviderStore } from './local-provider-store.ts';
import { originOf } from '../../shared/origin.ts';

/** Where the local provider answers, on whatever host the site is reached by. */
export const LOCAL_OIDC_PREFIX = '/local-oidc';
/** The one client the local provider knows: public, PKCE, back to the site's callback page. */
export const LOCAL_OIDC_CLIENT_ID = 'lanna-local';

const SCOPES = ['openid', 'profile'];
// Bounds of in-memory state: origins the provider was reached by, and names typed.
const MAX_ORIGINS = 32;
const MAX_NAMES = 1000;
const NAME = /^[\p{L}\p{N}][\p{L}\p{N} ._'-]{0,39}$/u;

/** A typed name as a subject: trimmed, spaces to dots, lower case ("Mali Sri" is mali.sri). */
export const subjectOfName = (name: string): string | null => {
  const clean = name.normalize('NFKC').trim().replace(/\s+/g, ' ');
  return NAME.test(clean) ? clean.toLowerCase().replace(/ /g, '.') : null;
};

const signingKey = async (): Promise<JWK> => {
  const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' };
};

type Shared = {
  jwks: { keys: JWK[] };
  cookieKeys: string[];
  names: Map<string, string>;
  store: ReturnType<typeof createLocalProviderStore>;
};

// Lifetimes in seconds: a sign-in is finished in minutes; nothing here outlives a working day.
const TTL = {
  AccessToken: 600,
  AuthorizationCode: 60,
  Grant: 3600,
  IdToken: 600,
  Interaction: 600,
  Session: 8 * 3600,
};

const createProvider = async (origin: string, shared: Shared, trustProxy: boolean) => {
  const { default: OidcProvider } = await import('oidc-provider');
  const provider = new OidcProvider(`${origin}${LOCAL_OIDC_PREFIX}`, {
    clients: [
      {
        client_id: LOCAL_OIDC_CLIENT_ID,
        token_endpoint_auth_method: 'none',
        redirect_uris: [`${origin}${SOCIAL_LOGIN_CALLBACK_PATH}`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    adapter: shared.store,
    ttl: TTL,
    jwks: shared.jwks,
    cookies: { keys: shared.cookieKeys },
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'] },
    // The name travels in the ID token itself, as Google's and LINE's do.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    interactions: {
      url: (_ctx, interaction) => `${LOCAL_OIDC_PREFIX}/interaction/${interaction.uid}`,
    },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, name: shared.names.get(sub) ?? sub, preferred_username: sub }),
    }),
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(out.error, out.error_description);
    },
  });
  provider.proxy = trustProxy;
  return { provider, handle: provider.callback() };
};

type Instance = Awaited<ReturnType<typeof createProvider>>;

/**
 * The local OpenID provider (oidc-provider, panva): a real authorization server that this
 * server mounts at /local-oidc when LOCAL_OIDC_PROVIDER is on (never in production). Its
 * issuer is the origin it is reached at, so every merchant domain gets one, made on first use.
 * Its state (interactions, codes, grants) lives in memory: it serves one process.
 */
export const createLocalProvider = (trustProxy: boolean) => {
  const instances = new Map<string, Promise<Instance>>();
  let shared: Promise<Shared> | null = null;
  const sharedState = () => {
    shared ??= signingKey().then((key) => ({
      jwks: { keys: [key] },
      cookieKeys: [randomBytes(32).toString('base64url')],
      names: new Map<string, string>(),
      store: createLocalProviderStore(),
    }));
    return shared;
  };
  const instanceFor = (origin: string): Promise<Instance> => {
    let instance = instances.get(origin);
    if (!instance) {
      if (instances.size >= MAX_ORIGINS) instances.clear();
      instance = sharedState().then((state) => createProvider(origin, state, trustProxy));
      instance.catch(() => instances.delete(origin));
      instances.set(origin, instance);
    }
    return instance;
  };
  const rememberName = async (subject: string, name: string) => {
    const { names } = await sharedState();
    if (names.size >= MAX_NAMES) names.clear();
    names.set(subject, name);
  };
  return { instanceFor, rememberName };
};

export type LocalProvider = ReturnType<typeof createLocalProvider>;

/** Hands a request to oidc-provider's own handler, under the mount prefix. */
export const forwardToProvider = async (
  local: LocalProvider,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> => {
  const { handle } = await local.instanceFor(originOf(request));
  const raw = request.raw as IncomingMessage & { originalUrl?: string };
  const url = raw.url ?? '/';
  // oidc-provider routes on the path below its mount and rebuilds its addresses from these two.
  raw.originalUrl = url;
  raw.url = url.slice(LOCAL_OIDC_PREFIX.length) || '/';
  reply.hijack();
  await handle(raw, reply.raw);
};

type InteractionForm = { name?: string; decision?: string };

/** The provider of this origin and the interaction of the address's uid, if it is live. */
const interactionOf = async (
  local: LocalProvider,
  request: FastifyRequest,
  reply: FastifyReply,
) => {
  const { provider } = await local.instanceFor(originOf(request));
  const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => null);
  const { uid } = request.params as { uid: string };
  return { provider, details: details && details.uid === uid ? details : null };
};

const sendPage = (reply: FastifyReply, status: number, html: string) =>
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(html);

const sendSignInPage = (
  reply: FastifyReply,
  details: { uid: string; params: { client_id?: unknown } },
  retry?: { name: string; error: string },
) =>
  sendPage(
    reply,
    retry ? 400 : 200,
    signInPage({
      action: `${LOCAL_OIDC_PREFIX}/interaction/${details.uid}`,
      clientId: String(details.params.client_id),
      scopes: SCOPES,
      ...retry,
    }),
  );

const EXPIRED_PAGE = errorPage('This sign-in has expired');

/** GET: the sign-in page of an interaction (a name, then allow or deny). */
export const showInteraction = async (
  local: LocalProvider,
  request: FastifyRequest,
  reply: FastifyReply,
) => {
  const { details } = await interactionOf(local, request, reply);
  return details ? sendSignInPage(reply, details) : sendPage(reply, 400, EXPIRED_PAGE);
};

/**
 * POST: finishes the interaction. Allow signs the typed name in and grants the profile scope
 * at once (login and consent in one step); deny sends the site `access_denied`.
 */
export const finishInteraction = async (
  local: LocalProvider,
  request: FastifyRequest,
  reply: FastifyReply,
) => {
  const { provider, details } = await interactionOf(local, request, reply);
  if (!details) return sendPage(reply, 400, EXPIRED_PAGE);
  const form = (request.body ?? {}) as InteractionForm;
  const finish = async (result: Parameters<Provider['interactionFinished']>[2]) => {
    reply.hijack();
    await provider.interactionFinished(request.raw, reply.raw, result, {
      mergeWithLastSubmission: false,
    });
  };
  if (form.decision === 'deny') {
    return finish({ error: 'access_denied', error_description: 'The person declined to sign in.' });
  }
  const name = (form.name ?? '').normalize('NFKC').trim().replace(/\s+/g, ' ');
  const subject = subjectOfName(name);
  if (!subject) {
    return sendSignInPage(reply, details, {
      name: name.slice(0, 40),
      error: 'Type a name of 1 to 40 letters, digits, spaces, dots, dashes or apostrophes.',
    });
  }
  await local.rememberName(subject, name);
  const grant = new provider.Grant({
    accountId: subject,
    clientId: String(details.params.client_id),
  });
  grant.addOIDCScope(SCOPES.join(' '));
  const grantId = await grant.save();
  return finish({ login: { accountId: subject }, consent: { grantId } });
};
