import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { LoginValueSchema } from './login.ts';
import { text } from '../text.ts';

/**
 * The page of the site a provider sends the visitor back to (the OpenID Connect redirect URI,
 * on the merchant's own domain). Register `https://<domain>/social/callback` with the provider.
 */
export const SOCIAL_LOGIN_CALLBACK_PATH = '/social/callback';

/** A provider's key within its merchant: `google`, `facebook`, `line`, `local`... */
export const SocialProviderKeySchema = z.string().regex(/^[a-z][a-z0-9-]{1,31}$/);

/** A social login button: what the login popup shows, in the merchant's order. */
export const SocialProviderSchema = z.object({
  key: SocialProviderKeySchema,
  displayName: z.string(),
});
export type SocialProvider = z.infer<typeof SocialProviderSchema>;

export const findSocialProviders = defineEndpoint({
  method: 'GET',
  path: '/wps/session/social/providers',
  summary: "The social login providers the merchant has enabled, in the merchant's order",
  tag: 'auth',
  auth: 'public',
  value: z.object({ providers: z.array(SocialProviderSchema) }),
  errors: ['MERCHANT_NOT_FOUND'],
});

/** What starting or finishing a sign-in may answer besides its own refusals. */
const SOCIAL_LOGIN_ERRORS = [
  'MERCHANT_NOT_FOUND',
  'VALIDATION_FAILED',
  'MALFORMED_BODY',
  'SOCIAL_PROVIDER_NOT_FOUND',
  'SOCIAL_PROVIDER_UNAVAILABLE',
] as const;

export const StartSocialLoginRequestSchema = z
  .object({ provider: SocialProviderKeySchema })
  .strict();
export type StartSocialLoginRequest = z.infer<typeof StartSocialLoginRequestSchema>;

/**
 * Starts a sign-in with a provider: the answer is the provider's authorization URL (code flow
 * with state, nonce and PKCE) for the browser to open, and an HttpOnly cookie that binds the
 * sign-in to this browser.
 */
export const startSocialLogin = defineEndpoint({
  method: 'POST',
  path: '/wps/session/social/start',
  summary: 'Start a social login: the provider address to open (OpenID Connect code flow)',
  tag: 'auth',
  auth: 'public',
  body: StartSocialLoginRequestSchema,
  value: z.object({ authorizationUrl: z.url() }),
  errors: [...SOCIAL_LOGIN_ERRORS, 'RATE_LIMITED'],
});

/**
 * What the provider put on the callback page's address, as the page read it: `state` with
 * either `code` (and `iss`, RFC 9207) or the provider's `error`.
 */
export const CompleteSocialLoginRequestSchema = z
  .object({
    state: text(512, { min: 1 }),
    code: text(4096, { min: 1 }).optional(),
    iss: text(2048).optional(),
    error: text(256).optional(),
    errorDescription: text(2048).optional(),
  })
  .strict();
export type CompleteSocialLoginRequest = z.infer<typeof CompleteSocialLoginRequestSchema>;

/**
 * Finishes a social login in the browser that started it: the server redeems the code with
 * its PKCE verifier, verifies the ID token (signature, issuer, audience, expiry, nonce) and
 * answers with a new session in the response body, never in an address. A subject seen for the
 * first time gets a new member without a usable password; a social login never forces a
 * password change (`mustChangePassword` is false).
 */
export const completeSocialLogin = defineEndpoint({
  method: 'POST',
  path: '/wps/session/social/complete',
  summary: 'Finish a social login with what the provider returned; returns a new session',
  tag: 'auth',
  auth: 'public',
  body: CompleteSocialLoginRequestSchema,
  value: LoginValueSchema,
  errors: [
    ...SOCIAL_LOGIN_ERRORS,
    'SOCIAL_LOGIN_STATE_INVALID',
    'SOCIAL_LOGIN_REFUSED',
    'SOCIAL_LOGIN_FAILED',
    'NON_MEMBER_ACCOUNT',
    'ACCOUNT_DISABLED',
  ],
});
