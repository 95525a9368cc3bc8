import { completeSocialLogin, findSocialProviders, startSocialLogin } from '@lanna/contract';
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint.ts';
import { originOf } from '../../shared/origin.ts';
import { authContextOf } from './auth-context.ts';
import * as social from './social-login.service.ts';

/** The cookie that binds a social sign-in to the browser that started it (decision 006). */
export const SOCIAL_BINDING_COOKIE = 'lanna_social';
const COOKIE_PATH = '/wps/session/social';
const COOKIE_MAX_AGE_S = 600;
const BINDING = /^[A-Za-z0-9_-]{43}$/;

const bindingCookie = (value: string, maxAgeSeconds: number, secure: boolean): string =>
  [
    `${SOCIAL_BINDING_COOKIE}=${value}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    // Lax: the cookie still comes back on the provider's top-level redirect to the site.
    'SameSite=Lax',
    'HttpOnly',
    ...(secure ? ['Secure'] : []),
  ].join('; ');

const readBinding = (request: FastifyRequest): string | null => {
  for (const part of (request.headers.cookie ?? '').split(';').slice(0, 50)) {
    const [name, value] = part.split('=', 2).map((piece) => piece.trim());
    if (name === SOCIAL_BINDING_COOKIE && value && BINDING.test(value)) return value;
  }
  return null;
};

/**
 * Social login through OpenID Connect (issue 3 item 10): the merchant's providers, the start
 * (authorization URL plus the binding cookie) and the completion from the callback page.
 */
export const socialLoginRoutes: FastifyPluginCallback = (app, _options, done) => {
  registerEndpoint(app, findSocialProviders, async ({ merchant }) => ({
    providers: await social.findProviders({ db: app.db, merchantId: merchant.id }, app.openId),
  }));
  registerEndpoint(app, startSocialLogin, async ({ merchant, request, reply, body }) => {
    const started = await social.startSocialLogin(
      authContextOf(app, request, merchant),
      app.openId,
      {
        providerKey: body.provider,
        origin: originOf(request),
      },
    );
    const secure = request.protocol === 'https';
    reply.header('set-cookie', bindingCookie(started.binding, COOKIE_MAX_AGE_S, secure));
    return { authorizationUrl: started.authorizationUrl };
  });
  registerEndpoint(app, completeSocialLogin, async ({ merchant, request, reply, body }) => {
    const binding = readBinding(request);
    // The sign-in is spent whatever happens next, and the cookie with it; the answer holds a
    // session token, which no cache may keep.
    reply.header('set-cookie', bindingCookie('', 0, request.protocol === 'https'));
    reply.header('cache-control', 'no-store');
    return social.completeSocialLogin(
      authContextOf(app, request, merchant),
      app.openId,
      body,
      binding,
    );
  });
  done();
};
