// Proves social login end to end against the local OpenID provider that the app mounts at
// /local-oidc, driven as a browser would: start, the provider's sign-in page, the redirect back,
// and the completion that redeems the code (PKCE) and verifies the ID token. Then what must be
// refused: a wrong, replayed or foreign state, a declined sign-in, a forged code, a disabled
// provider or account, another merchant's provider, and the local provider when it is off.
import type { LoginValue, MemberInfo, SocialProvider } from '@lanna/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call } from '../../testing/index.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

const SIAM = 'siam.localhost';

const world = useTestApp();

/** The cookies of one browser: name to value, whatever the path (enough for these flows). */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(response: LightMyRequestResponse): void {
    const header = response.headers['set-cookie'];
    for (const line of Array.isArray(header) ? header : header ? [header] : []) {
      const [pair = '', ...attributes] = line.split(';');
      const [name = '', value = ''] = pair.split(/=(.*)/s, 2).map((part) => part.trim());
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  without(name: string): CookieJar {
    const copy = new CookieJar();
    for (const [key, value] of this.cookies) if (key !== name) copy.cookies.set(key, value);
    return copy;
  }
}

type Body<T> = { success: boolean; code: string; value: T };

/** One request of the browser: an absolute URL (the host comes from it) with its cookies. */
const browse = async (
  jar: CookieJar,
  url: string,
  options: { method?: 'GET' | 'POST'; form?: Record<string, string> } = {},
) => {
  const target = new URL(url, 'http://localhost');
  const response = await world.app.inject({
    method: options.method ?? 'GET',
    url: `${target.pathname}${target.search}`,
    headers: {
      host: target.host,
      cookie: jar.header(),
      ...(options.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(options.form ? { payload: new URLSearchParams(options.form).toString() } : {}),
  });
  jar.take(response);
  return response;
};

const listProviders = async (host = 'localhost') => {
  const response = await call(world.app, {
    method: 'GET',
    url: '/wps/session/social/providers',
    host,
  });
  return response.json<Body<{ providers: SocialProvider[] }>>().value.providers;
};

const start = async (jar: CookieJar, provider = 'local', host = 'localhost') => {
  const response = await world.app.inject({
    method: 'POST',
    url: '/wps/session/social/start',
    headers: { host, cookie: jar.header() },
    payload: { provider },
  });
  jar.take(response);
  return response;
};

const startedUrl = async (jar: CookieJar, host = 'localhost'): Promise<string> => {
  const response = await start(jar, 'local', host);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Body<{ authorizationUrl: string }>>().value.authorizationUrl;
};

/**
 * At the provider: open the authorization URL, type the name on the sign-in page and allow (or
 * deny); returns the parameters the provider sent back to the site's callback page.
 */
const signInAtProvider = async (
  jar: CookieJar,
  authorizationUrl: string,
  name: string,
  decision: 'allow' | 'deny' = 'allow',
): Promise<URLSearchParams> => {
  const authorize = await browse(jar, authorizationUrl);
  expect(authorize.statusCode, authorize.body).toBe(303);
  const interaction = new URL(authorize.headers.location ?? '', authorizationUrl).href;
  const pageResponse = await browse(jar, interaction);
  expect(pageResponse.statusCode).toBe(200);
  expect(pageResponse.body).toContain('data-testid="local-oidc-name"');
  const submitted = await browse(jar, interaction, { method: 'POST', form: { name, decision } });
  expect(submitted.statusCode, submitted.body).toBe(303);
  const resumed = await browse(jar, new URL(submitted.headers.location ?? '', interaction).href);
  expect(resumed.statusCode, resumed.body).toBe(303);
  const callback = new URL(resumed.headers.location ?? '');
  expect(callback.pathname).toBe('/social/callback');
  return callback.searchParams;
};

const complete = (jar: CookieJar, params: URLSearchParams, host = 'localhost') => {
  const error = params.get('error');
  return world.app.inject({
    method: 'POST',
    url: '/wps/session/social/complete',
    headers: { host, cookie: jar.header() },
    payload: {
      state: params.get('state') ?? '',
      ...(params.get('code') ? { code: params.get('code') } : {}),
      ...(params.get('iss') ? { iss: params.get('iss') } : {}),
      ...(error ? { error, errorDescription: params.get('error_description') ?? '' } : {}),
    },
  });
};

/** The whole journey in one browser; returns the completion's answer. */
const socialLogin = async (name: string, host = 'localhost') => {
  const jar = new CookieJar();
  const params = await signInAtProvider(jar, await startedUrl(jar, host), name);
  return complete(jar, params, host);
};

const memberInfo = async (token: string, host = 'localhost') => {
  const response = await call(world.app, { method: 'GET', url: '/wps/member/info', token, host });
  return response.json<Body<MemberInfo>>().value;
};

const codeOf = (response: LightMyRequestResponse) => response.json<Body<unknown>>().code;

describe('providers', () => {
  it('lists the local provider the demo merchants offer', async () => {
    expect(await listProviders()).toEqual([{ key: 'local', displayName: 'Local ID' }]);
    expect(await listProviders(SIAM)).toEqual([{ key: 'local', displayName: 'Local ID' }]);
  });

  it('starts with an authorization URL carrying state, nonce and PKCE, and a binding cookie', async () => {
    const jar = new CookieJar();
    const response = await start(jar);
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json<Body<{ authorizationUrl: string }>>().value.authorizationUrl);
    expect(url.origin + url.pathname).toBe('http://localhost/local-oidc/auth');
    expect(url.searchParams.get('client_id')).toBe('lanna-local');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost/social/callback');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    for (const name of ['state', 'nonce', 'code_challenge'])
      expect(url.searchParams.get(name)?.length).toBeGreaterThanOrEqual(22);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^lanna_social=[A-Za-z0-9_-]{43}; Path=\/wps\/session\/social; /);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
  });

  it('refuses an unknown provider', async () => {
    const response = await start(new CookieJar(), 'google');
    expect(response.statusCode).toBe(404);
    expect(codeOf(response)).toBe('SOCIAL_PROVIDER_NOT_FOUND');
  });
});

describe('signing in', () => {
  let first: LoginValue;

  it('signs a new person in as a new member, without a password change', async () => {
    const response = await socialLogin('Mali Srisuk');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    first = response.json<Body<LoginValue>>().value;
    expect(first).toMatchObject({
      role: 'member',
      firstTimeLogin: false,
      mustChangePassword: false,
      previousLogin: null,
    });
    const info = await memberInfo(first.token);
    expect(info.account).toMatch(/^malisr[0-9]{6}$/);
    expect(info.nickname).toBe('Mali Srisuk');
    const [member] = await world.db.query<{ register_method: string; password_hash: string }>(
      'SELECT register_method, password_hash FROM members WHERE id = $1',
      [info.id],
    );
    expect(member).toEqual({ register_method: 'SOCIAL', password_hash: '!' });
  });

  it('signs the same person in as the same member next time, with a new session', async () => {
    const response = await socialLogin('mali   SRISUK');
    expect(response.statusCode, response.body).toBe(200);
    const again = response.json<Body<LoginValue>>().value;
    expect(again.token).not.toBe(first.token);
    expect(again.previousLogin).not.toBeNull();
    expect((await memberInfo(again.token)).id).toBe((await memberInfo(first.token)).id);
  });

  it('keeps the members of different merchants apart', async () => {
    const response = await socialLogin('Mali Srisuk', SIAM);
    expect(response.statusCode, response.body).toBe(200);
    const siam = await memberInfo(response.json<Body<LoginValue>>().value.token, SIAM);
    expect(siam.id).not.toBe((await memberInfo(first.token)).id);
  });
});

describe('refusals', () => {
  it('refuses a state it did not issue', async () => {
    const jar = new CookieJar();
    const params = await signInAtProvider(jar, await startedUrl(jar), 'Niran');
    params.set('state', `${params.get('state')}x`);
    const response = await complete(jar, params);
    expect(response.statusCode).toBe(400);
    expect(codeOf(response)).toBe('SOCIAL_LOGIN_STATE_INVALID');
  });

  it('refuses a completion replayed after it succeeded', async () => {
    const jar = new CookieJar();
    const params = await signInAtProvider(jar, await startedUrl(jar), 'Niran');
    const cookie = jar.header();
    expect((await complete(jar, params)).statusCode).toBe(200);
    const replay = await world.app.inject({
      method: 'POST',
      url: '/wps/session/social/complete',
      headers: { cookie },
      payload: { state: params.get('state'), code: params.get('code'), iss: params.get('iss') },
    });
    expect(replay.statusCode).toBe(400);
    expect(codeOf(replay)).toBe('SOCIAL_LOGIN_STATE_INVALID');
  });

  it('refuses a callback opened in another browser (no binding cookie), and spends it', async () => {
    const jar = new CookieJar();
    const params = await signInAtProvider(jar, await startedUrl(jar), 'Niran');
    const elsewhere = await complete(jar.without('lanna_social'), params);
    expect(elsewhere.statusCode).toBe(400);
    expect(codeOf(elsewhere)).toBe('SOCIAL_LOGIN_STATE_INVALID');
    expect(codeOf(await complete(jar, params))).toBe('SOCIAL_LOGIN_STATE_INVALID');
  });

  it('refuses a state started for another merchant', async () => {
    const jar = new CookieJar();
    const params = await signInAtProvider(jar, await startedUrl(jar, SIAM), 'Niran');
    const response = await complete(jar, params, 'localhost');
    expect(response.statusCode).toBe(400);
    expect(codeOf(response)).toBe('SOCIAL_LOGIN_STATE_INVALID');
  });

  it('says the provider refused when the person denies', async () => {
    const jar = new CookieJar();
    const params = await signInAtProvider(jar, await startedUrl(jar), 'Niran', 'deny');
    expect(params.get('error')).toBe('access_denied');
    const response = await complete(jar, params);
    expect(response.statusCode).toBe(400);
    expect(codeOf(response)).toBe('SOCIAL_LOGIN_REFUSED');
  });

  it('signs nobody in with a forged code', async () => {
    const jar = new CookieJar();
    const params = await signInAtProvider(jar, await startedUrl(jar), 'Niran');
    params.set('code', 'forged-code-forged-code-forged-code');
    const response = await complete(jar, params);
    expect(response.statusCode).toBe(502);
    expect(codeOf(response)).toBe('SOCIAL_LOGIN_FAILED');
  });

  it('re-asks for a name the provider cannot use', async () => {
    const jar = new CookieJar();
    const authorize = await browse(jar, await startedUrl(jar));
    const interaction = new URL(authorize.headers.location ?? '', 'http://localhost').href;
    const form = { name: '<script>', decision: 'allow' };
    const response = await browse(jar, interaction, { method: 'POST', form });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('local-oidc-error');
    expect(response.body).not.toContain('<script>');
  });

  it("refuses another merchant's provider", async () => {
    await world.db.query(
      `INSERT INTO social_providers (merchant_id, key, display_name, kind, client_id)
       SELECT id, 'siam-id', 'Siam ID', 'local', 'lanna-local' FROM merchants WHERE code = 'siam'`,
    );
    expect((await listProviders(SIAM)).map((provider) => provider.key)).toContain('siam-id');
    expect((await listProviders()).map((provider) => provider.key)).not.toContain('siam-id');
    const response = await start(new CookieJar(), 'siam-id');
    expect(response.statusCode).toBe(404);
    expect(codeOf(response)).toBe('SOCIAL_PROVIDER_NOT_FOUND');
  });

  it('refuses a disabled provider, also for a sign-in started before it was disabled', async () => {
    const jar = new CookieJar();
    const params = await signInAtProvider(jar, await startedUrl(jar), 'Niran');
    const setEnabled = (enabled: boolean) =>
      world.db.query(
        `UPDATE social_providers SET enabled = $1
         WHERE key = 'local' AND merchant_id = (SELECT id FROM merchants WHERE code = 'lanna')`,
        [enabled],
      );
    await setEnabled(false);
    try {
      expect(await listProviders()).toEqual([]);
      const started = await start(new CookieJar());
      expect(started.statusCode).toBe(404);
      expect(codeOf(started)).toBe('SOCIAL_PROVIDER_NOT_FOUND');
      const completed = await complete(jar, params);
      expect(completed.statusCode).toBe(404);
      expect(codeOf(completed)).toBe('SOCIAL_PROVIDER_NOT_FOUND');
    } finally {
      await setEnabled(true);
    }
  });

  it('refuses a disabled account', async () => {
    const first = await socialLogin('Dara Chan');
    const { id } = await memberInfo(first.json<Body<LoginValue>>().value.token);
    await world.db.query("UPDATE members SET status = 'disabled' WHERE id = $1", [id]);
    const response = await socialLogin('Dara Chan');
    expect(response.statusCode).toBe(403);
    expect(codeOf(response)).toBe('ACCOUNT_DISABLED');
  });
});

describe('local provider switched off', () => {
  let off: FastifyInstance;
  beforeAll(async () => {
    off = await buildTestApp(world.db, { env: { LOCAL_OIDC_PROVIDER: 'false' } });
  });
  afterAll(async () => {
    await off.close();
  });

  it('hides the local provider, refuses to start it and mounts nothing', async () => {
    const list = await call(off, { method: 'GET', url: '/wps/session/social/providers' });
    expect(list.json<Body<{ providers: SocialProvider[] }>>().value.providers).toEqual([]);
    const started = await off.inject({
      method: 'POST',
      url: '/wps/session/social/start',
      payload: { provider: 'local' },
    });
    expect(codeOf(started)).toBe('SOCIAL_PROVIDER_NOT_FOUND');
    const discovery = await off.inject({ url: '/local-oidc/.well-known/openid-configuration' });
    expect(discovery.statusCode).toBe(404);
  });
});
