// Proves every system call answers its contract shape with the data of the merchant the Host
// header names (lanna on localhost, Siam Royal on siam.localhost), and that hosts, cookies and
// health behave as the spec and the architecture say.
import {
  REGISTER_FIELDS,
  WHITELABEL_FLAGS,
  type DomainLine,
  type Envelope,
  type MerchantBrand,
  type Permission,
  type RegisterRules,
  type RegisterSettings,
  type SystemStatus,
  type WhitelabelNode,
} from '@lanna/contract';
import { describe, expect, it } from 'vitest';
import { buildTestApp, movableClock } from '../../testing/index.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

const LANNA = { host: 'localhost:3000' };
const SIAM = { host: 'siam.localhost' };

const world = useTestApp();

const get = async <T>(url: string, headers: Record<string, string> = LANNA): Promise<T> => {
  const response = await world.app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<Envelope<T>>();
  expect(body).toMatchObject({ success: true, code: 'OK', message: 'ok' });
  return body.value;
};

const flatten = (nodes: WhitelabelNode[]): WhitelabelNode[] =>
  nodes.flatMap((node) => [node, ...flatten(node.childrenNodes)]);

describe('GET /wps/system/merchant', () => {
  it('answers the brand of the merchant that owns the host', async () => {
    const lanna = await get<MerchantBrand>('/wps/system/merchant');
    const siam = await get<MerchantBrand>('/wps/system/merchant', SIAM);
    expect(lanna).toMatchObject({
      code: 'lanna',
      name: 'Lanna',
      defaultLanguage: 'EN',
      currency: 'THB',
    });
    expect(siam).toMatchObject({ code: 'siam', name: 'Siam Royal', defaultLanguage: 'TH' });
    expect(siam.primaryColor).not.toBe(lanna.primaryColor);
    expect(lanna).toMatchObject({
      currencySymbol: '฿',
      currencyDecimals: 2,
      timeZone: 'Asia/Bangkok',
    });
  });

  it('reads the host case-insensitively and ignores the port', async () => {
    const brand = await get<MerchantBrand>('/wps/system/merchant', { host: 'SIAM.Localhost:8443' });
    expect(brand.code).toBe('siam');
  });

  it('serves an unknown host with the development merchant outside production', async () => {
    const brand = await get<MerchantBrand>('/wps/system/merchant', { host: 'unknown.example' });
    expect(brand.code).toBe('lanna');
  });
});

describe('GET /wps/system/status', () => {
  it('is open (0) with the client address for a normal visitor', async () => {
    const status = await get<SystemStatus>('/wps/system/status');
    expect(status).toEqual({ status: 0, maintenanceEndsAt: null, ip: '127.0.0.1' });
  });
});

describe('GET /wps/system/permission', () => {
  it('carries every field of the permission info for the merchant', async () => {
    const lanna = await get<Permission>('/wps/system/permission');
    expect(lanna.mainDomain).toBe('lanna.localhost');
    expect(lanna.domainRoute).toEqual(['lanna.localhost', 'localhost', '127.0.0.1']);
    expect(lanna.customerService.map((entry) => entry.csType)).toContain('LINE');
    expect(lanna.imageCDNs).toEqual(['/media']);
    expect(lanna.launchGameCDNs).toEqual(['/play']);
    expect(lanna.location).toEqual({ ip: '127.0.0.1', countryCode: null });
    expect(lanna.maintenance).toEqual({ enabled: false, startsAt: null, endsAt: null });
    expect(lanna.regionRestriction).toEqual({ enabled: false, blocked: false });
    expect(lanna.analytics).toEqual({ gtagId: null });
    expect(lanna).toMatchObject({ referralEnabled: true, vipEnabled: true });
    expect(Object.keys(lanna.registerRules)).toContain('username');
  });

  it('lists only the resources the merchant configured', async () => {
    const lanna = await get<Permission>('/wps/system/permission');
    const siam = await get<Permission>('/wps/system/permission', SIAM);
    expect(lanna.resources.LIVE_CHAT?.url).toBeTruthy();
    expect(siam.resources.LIVE_CHAT).toBeUndefined();
    expect(siam.resources.TWITTER?.labelNameEn).toBe('X');
    expect(lanna.resources.TWITTER).toBeUndefined();
  });

  it('reports an enabled region rule that does not block this client', async () => {
    const siam = await get<Permission>('/wps/system/permission', SIAM);
    expect(siam.regionRestriction).toEqual({ enabled: true, blocked: false });
    expect(siam.referralEnabled).toBe(false);
  });
});

describe('GET /wps/system/whitelabel', () => {
  it('answers a tree holding every spec flag, switched differently per merchant', async () => {
    const lanna = flatten(
      (await get<{ modules: WhitelabelNode[] }>('/wps/system/whitelabel')).modules,
    );
    const siam = flatten(
      (await get<{ modules: WhitelabelNode[] }>('/wps/system/whitelabel', SIAM)).modules,
    );
    const flagsOf = (nodes: WhitelabelNode[]) =>
      Object.fromEntries(
        nodes.filter((n) => n.childrenNodes.length === 0).map((n) => [n.modId, n.enabled]),
      );
    expect(Object.keys(flagsOf(lanna)).sort()).toEqual([...WHITELABEL_FLAGS].sort());
    expect(flagsOf(lanna)).toMatchObject({
      FREEPLAY3: '1',
      MOBILENUMREG3: '0',
      MANPLAYREB3: '1',
      AGENTDIV3: '1',
    });
    expect(flagsOf(siam)).toMatchObject({
      FREEPLAY3: '0',
      MOBILENUMREG3: '1',
      MANPLAYREB3: '0',
      AGENTDIV3: '0',
      AGENTSAL3: '1',
    });
  });
});

describe('domains', () => {
  it('answers the main domain and the mirrors', async () => {
    expect(await get('/wps/system/domainRoute')).toEqual({
      mainDomain: 'lanna.localhost',
      mirrors: ['localhost', '127.0.0.1'],
    });
    expect(await get('/wps/system/domainRoute', SIAM)).toEqual({
      mainDomain: 'siam.localhost',
      mirrors: ['siamroyal.localhost'],
    });
  });

  it('lists the speed-test domains, main first, each with a ping path that answers', async () => {
    const { domainList } = await get<{ domainList: DomainLine[] }>('/wps/system/routers?device=0');
    expect(domainList.map((line) => line.domainName)).toEqual([
      'lanna.localhost',
      'localhost',
      '127.0.0.1',
    ]);
    const ping = await world.app.inject({ method: 'GET', url: `${domainList[0]?.pingPath}?r=123` });
    expect(ping.statusCode).toBe(200);
  });
});

describe('registration settings and rules', () => {
  it('derives the mobile switches from the white-label flags', async () => {
    const lanna = await get<RegisterSettings>('/wps/system/setting/register');
    const siam = await get<RegisterSettings>('/wps/system/setting/register', SIAM);
    expect(lanna).toMatchObject({
      mobileRegistration: false,
      smsVerification: false,
      affiliateCodeEnabled: true,
    });
    expect(siam).toMatchObject({
      mobileRegistration: true,
      smsVerification: true,
      birthdayMinimumAge: 21,
    });
  });

  it('ticks the terms box by default, on the demo brand and for any new merchant (spec)', async () => {
    const lanna = await get<RegisterSettings>('/wps/system/setting/register');
    expect(lanna.termsCheckedByDefault).toBe(true);
    const column = await world.db.one<{ column_default: string | null }>(
      `SELECT column_default FROM information_schema.columns
       WHERE table_name = 'register_settings' AND column_name = 'terms_checked_by_default'`,
    );
    expect(column.column_default).toBe('true');
  });

  it('answers a rule per configured field with the pattern of its pattern id', async () => {
    const { rules } = await get<{ rules: RegisterRules }>('/wps/system/setting/register/rules');
    const { rules: siamRules } = await get<{ rules: RegisterRules }>(
      '/wps/system/setting/register/rules',
      SIAM,
    );
    expect(rules.password).toMatchObject({
      patternId: 18,
      minLength: 8,
      maxLength: 20,
      required: true,
    });
    expect(rules.nickname?.acceptedPattern).toBe('*');
    expect(siamRules.username?.patternId).toBe(5);
    for (const field of Object.keys(rules)) expect(REGISTER_FIELDS).toContain(field);
  });
});

describe('PUT /wps/system/language', () => {
  it('remembers the language in an HttpOnly, SameSite=Lax cookie', async () => {
    const response = await world.app.inject({
      method: 'PUT',
      url: '/wps/system/language',
      headers: LANNA,
      payload: { language: 'TH' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Envelope<unknown>>().value).toEqual({ language: 'TH' });
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^lang=TH; Path=\/; Max-Age=\d+; SameSite=Lax; HttpOnly$/);
  });

  it('marks the cookie Secure when the request came over HTTPS through a trusted proxy', async () => {
    const proxied = await buildTestApp(world.db, { env: { TRUST_PROXY: 'true' } });
    const response = await proxied.inject({
      method: 'PUT',
      url: '/wps/system/language',
      headers: { ...LANNA, 'x-forwarded-proto': 'https' },
      payload: { language: 'KM' },
    });
    await proxied.close();
    expect(String(response.headers['set-cookie'])).toContain('; Secure');
  });
});

describe('GET /healthz', () => {
  it('reports the database reachable', async () => {
    const health = await get<{ status: string; database: string; uptimeMs: number }>('/healthz');
    expect(health).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it("reports as uptime the time on the app's clock since it started", async () => {
    const clock = movableClock('2026-03-01T00:00:00Z');
    const timed = await buildTestApp(world.db, { clock });
    clock.set('2026-03-01T00:01:30Z');
    const response = await timed.inject({ method: 'GET', url: '/healthz', headers: LANNA });
    await timed.close();
    expect(response.json<Envelope<{ uptimeMs: number }>>().value.uptimeMs).toBe(90_000);
  });
});

describe('hosts in production', () => {
  it('refuses an unknown host with MERCHANT_NOT_FOUND and serves a known one', async () => {
    const production = await buildTestApp(world.db, {
      env: { NODE_ENV: 'production', WEB_DIST_DIR: '/nonexistent' },
    });
    const unknown = await production.inject({
      method: 'GET',
      url: '/wps/system/merchant',
      headers: { host: 'evil.example' },
    });
    const known = await production.inject({
      method: 'GET',
      url: '/wps/system/merchant',
      headers: SIAM,
    });
    await production.close();
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<unknown>()).toMatchObject({
      success: false,
      code: 'MERCHANT_NOT_FOUND',
      message: 'errors.MERCHANT_NOT_FOUND',
    });
    expect(known.statusCode).toBe(200);
  });
});
