import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  LOGIN_TYPES,
  SOCIAL_LOGIN_CALLBACK_PATH,
  type CompleteSocialLoginRequest,
  type LoginValue,
  type SocialProvider,
} from '@lanna/contract';
import type { FastifyInstance } from 'fastify';
import {
  OpenIdError,
  type OpenIdProviderSettings,
  type VerifiedIdentity,
} from '../../providers/openid/index.ts';
import { AppError } from '../../shared/app-error.ts';
import { completeLogin, type AuthContext } from './login.service.ts';
import * as members from './member.repository.ts';
import type { MemberRow } from './member.repository.ts';
import * as repository from './social-login.repository.ts';
import type { SocialProviderRow } from './social-login.repository.ts';
import { socialNicknameOf, socialUsernameOf, usernameBaseOf } from './social-username.ts';

/** What a social login needs besides the request: the relying party and the local provider. */
export type OpenIdContext = FastifyInstance['openId'];

// A sign-in is finished within minutes or not at all; the flow row says so.
const FLOW_TTL_MS = 10 * 60_000;
// Accounts that can never sign in with a password (free play does the same).
const NO_PASSWORD = '!';
const MEMBER_TYPE = 0;
const CREATE_ATTEMPTS = 3;

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

const sameHash = (a: string, b: string): boolean =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

/** The providers shown on the login popup; the local one only while it is mounted. */
export const findProviders = async (
  ctx: Pick<AuthContext, 'db' | 'merchantId'>,
  openId: OpenIdContext,
): Promise<SocialProvider[]> => {
  const rows = await repository.findEnabledProviders(ctx.db, ctx.merchantId);
  return rows
    .filter((row) => row.kind !== 'local' || openId.local !== null)
    .map((row) => ({ key: row.key, displayName: row.display_name }));
};

/** How to talk to a provider row: its issuer, or the local provider at the site's origin. */
const settingsOf = (
  openId: OpenIdContext,
  provider: SocialProviderRow,
  origin: string,
): OpenIdProviderSettings => {
  if (provider.kind === 'local') {
    if (!openId.local) throw new AppError('SOCIAL_PROVIDER_NOT_FOUND');
    return {
      issuer: openId.local.issuerFor(origin),
      clientId: provider.client_id,
      clientSecret: provider.client_secret,
      fetch: openId.local.fetch,
      local: true,
    };
  }
  if (!provider.issuer_url) throw new Error(`social provider ${provider.id} has no issuer`);
  return {
    issuer: provider.issuer_url,
    clientId: provider.client_id,
    clientSecret: provider.client_secret,
    fetch: globalThis.fetch,
    local: false,
  };
};

const toAppError = (error: unknown): never => {
  if (error instanceof OpenIdError) {
    throw new AppError(
      error.kind === 'unavailable' ? 'SOCIAL_PROVIDER_UNAVAILABLE' : 'SOCIAL_LOGIN_FAILED',
      { cause: error },
    );
  }
  throw error;
};

/**
 * Starts a sign-in with one of the merchant's enabled providers: a flow row (hashed state and
 * browser binding, nonce, PKCE verifier, ten minutes) and the provider's authorization URL.
 * The binding goes back to the browser as an HttpOnly cookie (the routes set it), so a callback
 * opened in another browser (a link an attacker sends) cannot finish the sign-in.
 */
export const startSocialLogin = async (
  ctx: AuthContext,
  openId: OpenIdContext,
  input: { providerKey: string; origin: string },
): Promise<{ authorizationUrl: string; binding: string }> => {
  const provider = await repository.findEnabledProvider(ctx.db, ctx.merchantId, {
    key: input.providerKey,
  });
  if (!provider) throw new AppError('SOCIAL_PROVIDER_NOT_FOUND');
  const settings = settingsOf(openId, provider, input.origin);
  await repository.deleteExpiredFlows(ctx.db, ctx.now);
  const redirectUri = `${input.origin}${SOCIAL_LOGIN_CALLBACK_PATH}`;
  const request = await openId.relyingParty
    .authorize(settings, {
      redirectUri,
      scope: provider.scopes,
      // The local provider asks for a name every time, so one can sign in as someone else.
      ...(provider.kind === 'local' ? { prompt: 'login' } : {}),
    })
    .catch(toAppError);
  const binding = randomBytes(32).toString('base64url');
  await repository.insertFlow(ctx.db, {
    stateHash: sha256(request.state),
    merchantId: ctx.merchantId,
    providerId: provider.id,
    bindingHash: sha256(binding),
    nonce: request.nonce,
    codeVerifier: request.codeVerifier,
    redirectUri,
    ip: ctx.ip,
    now: ctx.now,
    expiresAt: new Date(ctx.now.getTime() + FLOW_TTL_MS),
  });
  return { authorizationUrl: request.authorizationUrl, binding };
};

const isUniqueViolation = (error: unknown): boolean =>
  (error as { code?: string } | null)?.code === '23505';

class LinkTaken extends Error {}

/** A free username for the base: a few random candidates, each checked. */
const freeUsername = async (ctx: AuthContext, base: string): Promise<string> => {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const username = socialUsernameOf(base);
    if (!(await members.findMemberByUsername(ctx.db, ctx.merchantId, username))) return username;
  }
  throw new Error(`no free username for the base ${base}`);
};

/**
 * The first sign-in of a subject: a new member (type 0, no upline, no usable password, first
 * login done) and its link, in one transaction. Two racing first sign-ins of one subject end
 * with one member: the loser's transaction rolls back and it reads the winner's link.
 */
const createSocialMember = async (
  ctx: AuthContext,
  providerId: number,
  identity: VerifiedIdentity,
): Promise<number> => {
  const base = usernameBaseOf(identity);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await ctx.db.transaction(async (tx) => {
        const txCtx = { ...ctx, db: tx };
        const memberId = await members.insertMember(tx, {
          merchantId: ctx.merchantId,
          username: await freeUsername(txCtx, base),
          passwordHash: NO_PASSWORD,
          type: MEMBER_TYPE,
          nickname: socialNicknameOf(identity.name),
          email: null,
          mobileNum: null,
          countryDialingCode: null,
          uplineId: null,
          referrerId: null,
          registerIp: ctx.ip,
          registerMethod: 'SOCIAL',
          firstLoginDone: true,
          now: ctx.now,
        });
        await members.insertHierarchy(tx, ctx.merchantId, memberId, null);
        const link = { providerId, subject: identity.subject, merchantId: ctx.merchantId };
        if (!(await repository.insertLink(tx, { ...link, memberId, now: ctx.now })))
          throw new LinkTaken();
        return memberId;
      });
    } catch (error) {
      if (error instanceof LinkTaken) {
        const linked = await repository.findLinkedMemberId(ctx.db, providerId, identity.subject);
        if (linked !== null) return linked;
      }
      // A username taken between the check and the insert: try another.
      if (!(error instanceof LinkTaken) && !isUniqueViolation(error)) throw error;
      if (attempt >= CREATE_ATTEMPTS) throw error;
    }
  }
};

/** The member a verified subject signs in as: its linked member, or a new one. */
const memberOf = async (
  ctx: AuthContext,
  providerId: number,
  identity: VerifiedIdentity,
): Promise<MemberRow> => {
  const linked = await repository.findLinkedMemberId(ctx.db, providerId, identity.subject);
  if (linked !== null) {
    await repository.touchLink(ctx.db, providerId, identity.subject, ctx.now);
    return members.getMember(ctx.db, ctx.merchantId, linked);
  }
  const created = await createSocialMember(ctx, providerId, identity);
  return members.getMember(ctx.db, ctx.merchantId, created);
};

/**
 * Finishes a sign-in: the flow is spent first (one use, whatever follows), then it must have
 * been started by this browser (the binding cookie), the provider must have said yes and still
 * be enabled, and the code must redeem into a verified ID token. The member signs in through
 * the one login path (`completeLogin`), as method 'social': no second verification (the
 * provider authenticated the person) and never a forced password change.
 */
export const completeSocialLogin = async (
  ctx: AuthContext,
  openId: OpenIdContext,
  input: CompleteSocialLoginRequest,
  binding: string | null,
): Promise<LoginValue> => {
  const flow = await repository.spendFlow(ctx.db, ctx.merchantId, sha256(input.state), ctx.now);
  if (!flow || !binding || !sameHash(sha256(binding), flow.binding_hash))
    throw new AppError('SOCIAL_LOGIN_STATE_INVALID');
  if (input.error !== undefined || input.code === undefined)
    throw new AppError('SOCIAL_LOGIN_REFUSED');
  const provider = await repository.findEnabledProvider(ctx.db, ctx.merchantId, {
    id: flow.provider_id,
  });
  if (!provider) throw new AppError('SOCIAL_PROVIDER_NOT_FOUND');
  const settings = settingsOf(openId, provider, new URL(flow.redirect_uri).origin);
  const identity = await openId.relyingParty
    .redeem(settings, {
      redirectUri: flow.redirect_uri,
      response: { code: input.code, state: input.state, iss: input.iss },
      nonce: flow.nonce,
      codeVerifier: flow.code_verifier,
    })
    .catch(toAppError);
  const member = await memberOf(ctx, provider.id, identity);
  if (!(LOGIN_TYPES as readonly number[]).includes(member.type))
    throw new AppError('NON_MEMBER_ACCOUNT');
  if (member.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
  return completeLogin(ctx, member, 'social');
};
