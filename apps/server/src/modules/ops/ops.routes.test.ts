// Proves the operator API: only the configured bearer key gets in, every change is written
// with its audit row (before, after, reason) in the same transaction, bad settings change
// nothing, and system status moves 0 -> 1 -> 2 -> 0 as the settings and the clock say,
// reading the client address only from sources the configuration trusts.
import type { Envelope, MerchantAccessSettings, SystemStatus } from '@lanna/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, movableClock, TEST_OPERATOR_KEY } from '../../testing/index.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

const ACCESS_URL = '/ops/merchants/lanna/access';
const AUTH = { authorization: `Bearer ${TEST_OPERATOR_KEY}` };
const OPEN: MerchantAccessSettings = {
  maintenance: { enabled: false, startsAt: null, endsAt: null },
  regionRestriction: { enabled: false, countries: [], cidrs: [] },
};

const clock = movableClock('2026-06-01T00:00:00.000Z');
const world = useTestApp({ clock });

const putAccess = (settings: MerchantAccessSettings, reason = 'test change', target = world.app) =>
  target.inject({
    method: 'PUT',
    url: ACCESS_URL,
    headers: AUTH,
    payload: { ...settings, reason },
  });

const statusOf = async (
  options: { remoteAddress?: string; headers?: Record<string, string> } = {},
  target = world.app,
): Promise<SystemStatus> => {
  const response = await target.inject({
    method: 'GET',
    url: '/wps/system/status',
    headers: { host: 'localhost', ...options.headers },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Envelope<SystemStatus>>().value;
};

const auditCount = async () =>
  (await world.db.one<{ count: number }>('SELECT count(*)::int AS count FROM audit_log')).count;

beforeEach(async () => {
  clock.set('2026-06-01T00:00:00.000Z');
  expect((await putAccess(OPEN, 'reset between tests')).statusCode).toBe(200);
});

describe('operator authentication', () => {
  it('refuses a missing or wrong key with 401', async () => {
    const missing = await world.app.inject({ method: 'GET', url: ACCESS_URL });
    const wrong = await world.app.inject({
      method: 'GET',
      url: ACCESS_URL,
      headers: { authorization: 'Bearer nope' },
    });
    const basic = await world.app.inject({
      method: 'GET',
      url: ACCESS_URL,
      headers: { authorization: `Basic ${TEST_OPERATOR_KEY}` },
    });
    for (const response of [missing, wrong, basic]) {
      expect(response.statusCode).toBe(401);
      expect(response.json<unknown>()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    }
  });

  it('refuses everyone when no key is configured', async () => {
    const keyless = await buildTestApp(world.db, { env: { OPERATOR_API_KEY: '' } });
    const response = await keyless.inject({ method: 'GET', url: ACCESS_URL, headers: AUTH });
    await keyless.close();
    expect(response.statusCode).toBe(401);
  });

  it('refuses an unauthenticated change before reading its body, and changes nothing', async () => {
    const before = await auditCount();
    const response = await world.app.inject({
      method: 'PUT',
      url: ACCESS_URL,
      payload: { ...OPEN, reason: 'sneaky' },
    });
    expect(response.statusCode).toBe(401);
    expect(await auditCount()).toBe(before);
  });
});

describe('merchant access settings', () => {
  it('reads the settings of a merchant and 404s an unknown one', async () => {
    const siam = await world.app.inject({
      method: 'GET',
      url: '/ops/merchants/siam/access',
      headers: AUTH,
    });
    expect(siam.json<Envelope<MerchantAccessSettings>>().value.regionRestriction.enabled).toBe(
      true,
    );
    const unknown = await world.app.inject({
      method: 'GET',
      url: '/ops/merchants/nobody/access',
      headers: AUTH,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<unknown>()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('writes an audit row with before, after and reason', async () => {
    const settings: MerchantAccessSettings = {
      maintenance: { enabled: true, startsAt: null, endsAt: '2026-06-02T00:00:00.000Z' },
      regionRestriction: { enabled: true, countries: ['US'], cidrs: ['198.51.100.0/24'] },
    };
    const response = await putAccess(settings, 'planned upgrade');
    expect(response.statusCode).toBe(200);
    expect(response.json<Envelope<MerchantAccessSettings>>().value).toEqual(settings);
    const row = await world.db.one<{
      actor: string;
      action: string;
      target: string;
      reason: string;
      before: unknown;
      after: unknown;
    }>(
      'SELECT actor, action, target, reason, before, after FROM audit_log ORDER BY id DESC LIMIT 1',
    );
    expect(row).toEqual({
      actor: 'operator-api-key',
      action: 'merchant.access.replace',
      target: 'merchant:lanna',
      reason: 'planned upgrade',
      before: OPEN,
      after: settings,
    });
  });

  it('refuses an invalid range or an inverted window and changes nothing', async () => {
    const before = await auditCount();
    const badCidr = await putAccess({
      ...OPEN,
      regionRestriction: { enabled: true, countries: [], cidrs: ['10.0.0.0/40'] },
    });
    const inverted = await putAccess({
      ...OPEN,
      maintenance: {
        enabled: true,
        startsAt: '2026-06-02T00:00:00.000Z',
        endsAt: '2026-06-01T00:00:00.000Z',
      },
    });
    expect(badCidr.statusCode).toBe(400);
    expect(badCidr.json<unknown>()).toMatchObject({
      code: 'VALIDATION_FAILED',
      value: { issues: [{ path: 'regionRestriction.cidrs.0' }] },
    });
    expect(inverted.statusCode).toBe(400);
    expect(await auditCount()).toBe(before);
    expect((await statusOf()).status).toBe(0);
  });

  it('keeps the audit log append-only', async () => {
    await expect(world.db.query("UPDATE audit_log SET reason = 'rewritten'")).rejects.toThrow(
      /append-only/,
    );
    await expect(world.db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
  });
});

describe('system status transitions', () => {
  it('goes to maintenance (1) inside the window and back to 0 after it', async () => {
    await putAccess({
      ...OPEN,
      maintenance: {
        enabled: true,
        startsAt: '2026-06-01T01:00:00.000Z',
        endsAt: '2026-06-01T03:00:00.000Z',
      },
    });
    expect((await statusOf()).status).toBe(0);
    clock.set('2026-06-01T02:00:00.000Z');
    expect(await statusOf()).toEqual({
      status: 1,
      maintenanceEndsAt: '2026-06-01T03:00:00.000Z',
      ip: '127.0.0.1',
    });
    clock.set('2026-06-01T03:00:01.000Z');
    expect((await statusOf()).status).toBe(0);
  });

  it('blocks (2) an IPv4 client in a listed range, and lets others in', async () => {
    await putAccess({
      ...OPEN,
      regionRestriction: { enabled: true, countries: [], cidrs: ['198.51.100.0/24'] },
    });
    expect(await statusOf({ remoteAddress: '198.51.100.20' })).toMatchObject({
      status: 2,
      ip: '198.51.100.20',
    });
    expect((await statusOf({ remoteAddress: '::ffff:198.51.100.20' })).status).toBe(2);
    expect((await statusOf({ remoteAddress: '192.0.2.1' })).status).toBe(0);
  });

  it('blocks (2) an IPv6 client in a listed IPv6 range', async () => {
    await putAccess({
      ...OPEN,
      regionRestriction: { enabled: true, countries: [], cidrs: ['2001:db8:bad::/48'] },
    });
    expect((await statusOf({ remoteAddress: '2001:db8:bad::5' })).status).toBe(2);
    expect((await statusOf({ remoteAddress: '2001:db8:beef::5' })).status).toBe(0);
  });

  it('lets maintenance win over a region block', async () => {
    await putAccess({
      maintenance: { enabled: true, startsAt: null, endsAt: null },
      regionRestriction: { enabled: true, countries: [], cidrs: ['198.51.100.0/24'] },
    });
    expect((await statusOf({ remoteAddress: '198.51.100.20' })).status).toBe(1);
  });

  it('ignores a spoofed X-Forwarded-For and country header without TRUST_PROXY', async () => {
    await putAccess({
      ...OPEN,
      regionRestriction: { enabled: true, countries: ['US'], cidrs: ['198.51.100.0/24'] },
    });
    const spoofed = await statusOf({
      remoteAddress: '192.0.2.1',
      headers: { 'x-forwarded-for': '198.51.100.20', 'cf-ipcountry': 'US' },
    });
    expect(spoofed).toMatchObject({ status: 0, ip: '192.0.2.1' });
  });

  it('reads the forwarded address and country behind a trusted proxy', async () => {
    await putAccess({
      ...OPEN,
      regionRestriction: { enabled: true, countries: ['US'], cidrs: ['198.51.100.0/24'] },
    });
    const proxied = await buildTestApp(world.db, {
      clock,
      env: { TRUST_PROXY: 'true', COUNTRY_HEADER: 'cf-ipcountry' },
    });
    const byAddress = await statusOf({ headers: { 'x-forwarded-for': '198.51.100.20' } }, proxied);
    const byCountry = await statusOf(
      { headers: { 'x-forwarded-for': '192.0.2.1', 'cf-ipcountry': 'us' } },
      proxied,
    );
    const allowed = await statusOf(
      { headers: { 'x-forwarded-for': '192.0.2.1', 'cf-ipcountry': 'TH' } },
      proxied,
    );
    // The proxy appends the address it saw; whatever the client put before it is not believed.
    const prepended = await statusOf(
      { headers: { 'x-forwarded-for': '192.0.2.1, 198.51.100.20' } },
      proxied,
    );
    const spoofedFirst = await statusOf(
      { headers: { 'x-forwarded-for': '198.51.100.20, 192.0.2.1' } },
      proxied,
    );
    await proxied.close();
    expect(prepended).toMatchObject({ status: 2, ip: '198.51.100.20' });
    expect(spoofedFirst).toMatchObject({ status: 0, ip: '192.0.2.1' });
    expect(byAddress).toMatchObject({ status: 2, ip: '198.51.100.20' });
    expect(byCountry.status).toBe(2);
    expect(allowed.status).toBe(0);
  });

  it('changes only the merchant it names', async () => {
    await putAccess({ ...OPEN, maintenance: { enabled: true, startsAt: null, endsAt: null } });
    expect((await statusOf()).status).toBe(1);
    expect((await statusOf({ headers: { host: 'siam.localhost' } })).status).toBe(0);
  });
});
