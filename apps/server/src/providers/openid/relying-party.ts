import { createHash } from 'node:crypto';
import type * as OpenIdClient from 'openid-client';

/** One OpenID provider as a merchant configured it (decision 006). */
export type OpenIdProviderSettings = {
  issuer: string;
  clientId: string;
  /** Null for a public client, which proves itself with PKCE alone. */
  clientSecret: string | null;
  /** How to reach the provider: the network, or the local provider in-process. */
  fetch: typeof fetch;
  /** Plain HTTP allowed: the local provider only; any other issuer must be HTTPS. */
  local: boolean;
};

/** What the browser is sent to, and what must be kept to check the answer. */
export type AuthorizationRequest = {
  authorizationUrl: string;
  state: string;
  nonce: string;
  codeVerifier: string;
};

/** The parameters the provider put on the redirect URI. */
export type AuthorizationResponse = { code: string; state: string; iss?: string | undefined };

/** The verified ID token's subject and the profile claims a new member is named from. */
export type VerifiedIdentity = {
  subject: string;
  name: string | null;
  preferredUsername: string | null;
  email: string | null;
};

/** Why a provider step failed: unreachable (or not OpenID), or an answer that did not verify. */
export class OpenIdError extends Error {
  override name = 'OpenIdError';
  readonly kind: 'unavailable' | 'rejected';
  constructor(kind: 'unavailable' | 'rejected', message: string, options?: ErrorOptions) {
    super(message, options);
    this.kind = kind;
  }
}

const DISCOVERY_TTL_MS = 10 * 60_000;
const DISCOVERY_CACHE_SIZE = 64;
const TIMEOUT_SECONDS = 10;

const claimText = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : null;

const keyOf = (settings: OpenIdProviderSettings): string =>
  createHash('sha256')
    .update(JSON.stringify([settings.issuer, settings.clientId, settings.clientSecret]))
    .digest('hex');

/**
 * The relying party, on panva's openid-client: discovery (cached ten minutes per provider),
 * the authorization code flow with state, nonce and PKCE (S256), and the ID token checked for
 * its signature against the provider's keys as well as issuer, audience, expiry and nonce.
 * openid-client loads on first use, so a server that never sees a social login never pays it.
 */
export const createRelyingParty = () => {
  const configurations = new Map<
    string,
    { configuration: OpenIdClient.Configuration; expiresAt: number }
  >();

  const discover = async (settings: OpenIdProviderSettings) => {
    const client = await import('openid-client');
    const key = keyOf(settings);
    const cached = configurations.get(key);
    if (cached && cached.expiresAt > Date.now())
      return { client, configuration: cached.configuration };
    const issuer = new URL(settings.issuer);
    const configuration = await client
      .discovery(
        issuer,
        settings.clientId,
        undefined,
        settings.clientSecret ? client.ClientSecretPost(settings.clientSecret) : client.None(),
        {
          [client.customFetch]: settings.fetch,
          timeout: TIMEOUT_SECONDS,
          // eslint-disable-next-line @typescript-eslint/no-deprecated -- the local provider is HTTP on this machine
          execute: settings.local ? [client.allowInsecureRequests] : [],
        },
      )
      .catch((cause: unknown) => {
        throw new OpenIdError('unavailable', `discovery of ${issuer.href} failed`, { cause });
      });
    configuration[client.customFetch] = settings.fetch;
    client.enableNonRepudiationChecks(configuration);
    if (configurations.size >= DISCOVERY_CACHE_SIZE) configurations.clear();
    configurations.set(key, { configuration, expiresAt: Date.now() + DISCOVERY_TTL_MS });
    return { client, configuration };
  };

  return {
    /** A new authorization request: fresh state, nonce and PKCE verifier. */
    authorize: async (
      settings: OpenIdProviderSettings,
      input: { redirectUri: string; scope: string; prompt?: string },
    ): Promise<AuthorizationRequest> => {
      const { client, configuration } = await discover(settings);
      const state = client.randomState();
      const nonce = client.randomNonce();
      const codeVerifier = client.randomPKCECodeVerifier();
      const url = client.buildAuthorizationUrl(configuration, {
        redirect_uri: input.redirectUri,
        scope: input.scope,
        response_type: 'code',
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        ...(input.prompt ? { prompt: input.prompt } : {}),
      });
      return { authorizationUrl: url.href, state, nonce, codeVerifier };
    },

    /**
     * Redeems the code at the token endpoint with the PKCE verifier and verifies the ID token.
     * Throws OpenIdError 'rejected' for anything the provider or the token gets wrong.
     */
    redeem: async (
      settings: OpenIdProviderSettings,
      input: {
        redirectUri: string;
        response: AuthorizationResponse;
        nonce: string;
        codeVerifier: string;
      },
    ): Promise<VerifiedIdentity> => {
      const { client, configuration } = await discover(settings);
      const callbackUrl = new URL(input.redirectUri);
      callbackUrl.searchParams.set('code', input.response.code);
      callbackUrl.searchParams.set('state', input.response.state);
      if (input.response.iss !== undefined) callbackUrl.searchParams.set('iss', input.response.iss);
      const tokens = await client
        .authorizationCodeGrant(configuration, callbackUrl, {
          pkceCodeVerifier: input.codeVerifier,
          expectedState: input.response.state,
          expectedNonce: input.nonce,
          idTokenExpected: true,
        })
        .catch((cause: unknown) => {
          throw new OpenIdError('rejected', 'the code or the ID token did not verify', { cause });
        });
      const claims = tokens.claims();
      if (!claims) throw new OpenIdError('rejected', 'no ID token');
      return {
        subject: claims.sub,
        name: claimText(claims.name, 64),
        preferredUsername: claimText(claims.preferred_username, 64),
        email: claimText(claims.email, 254),
      };
    },
  };
};

export type RelyingParty = ReturnType<typeof createRelyingParty>;
