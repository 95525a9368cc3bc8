/**
 * The api client returns the endpoint's validated value and turns every failure into an
 * ApiError with a code: error envelopes, bare HTTP failures, broken contracts and the network.
 * A 401 to a request that carried the session token ends that session.
 */
import {
  findNotices,
  forgotPasswordByEmail,
  getMemberInfo,
  getSystemStatus,
  logout,
  updateLanguage,
} from '@lanna/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUrl, call } from './api-client';
import { ApiError } from './api-error';

const respond = (body: unknown, status = 200) =>
  vi.fn(() =>
    Promise.resolve(
      new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }),
    ),
  );

afterEach(() => vi.unstubAllGlobals());

describe('call', () => {
  it('returns the validated value of a success envelope', async () => {
    const fetch = respond({
      success: true,
      code: 'OK',
      message: 'ok',
      value: { status: 1, maintenanceEndsAt: null, ip: '1.2.3.4' },
    });
    vi.stubGlobal('fetch', fetch);
    await expect(call(getSystemStatus)).resolves.toEqual({
      status: 1,
      maintenanceEndsAt: null,
      ip: '1.2.3.4',
    });
    expect(fetch).toHaveBeenCalledWith(
      '/wps/system/status',
      expect.objectContaining({ method: 'GET' }),
    );
  });

  it('sends the query, the JSON body and the session token', async () => {
    sessionStorage.setItem('token', 't0k3n');
    const fetch = respond({ success: true, code: 'OK', message: 'ok', value: { language: 'TH' } });
    vi.stubGlobal('fetch', fetch);
    await call(updateLanguage, { body: { language: 'TH' } });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/wps/system/language');
    expect(init.method).toBe('PUT');
    expect(init.body).toBe('{"language":"TH"}');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer t0k3n');
  });

  it('normalises an error envelope to its code', async () => {
    vi.stubGlobal(
      'fetch',
      respond(
        {
          success: false,
          code: 'RATE_LIMITED',
          message: 'errors.RATE_LIMITED',
          value: { requestId: 'r1' },
        },
        429,
      ),
    );
    const error = await call(getSystemStatus).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'RATE_LIMITED',
      status: 429,
      requestId: 'r1',
      messageKey: 'errors.RATE_LIMITED',
    });
  });

  it('maps a failure without an envelope by its status', async () => {
    vi.stubGlobal('fetch', respond('<html>Bad gateway</html>', 502));
    await expect(call(getSystemStatus)).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    vi.stubGlobal('fetch', respond('oops', 500));
    await expect(call(getSystemStatus)).rejects.toMatchObject({ code: 'INTERNAL_ERROR' });
  });

  it('rejects a value that breaks the contract', async () => {
    vi.stubGlobal(
      'fetch',
      respond({ success: true, code: 'OK', message: 'ok', value: { status: 7 } }),
    );
    await expect(call(getSystemStatus)).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it('reports an unreachable server as a network error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(call(getSystemStatus)).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
  });
});

describe('buildUrl', () => {
  it('fills path parameters and leaves out undefined query values', () => {
    expect(buildUrl('/wps/x/:id', { id: 'a b' }, { pageNo: 2, pageSize: undefined })).toBe(
      '/wps/x/a%20b?pageNo=2',
    );
    expect(buildUrl(findNotices.path, undefined, {})).toBe('/wps/content/notices');
  });
});

describe('call and the session', () => {
  it('ends the session whose token got a 401, keeping the merchant', async () => {
    sessionStorage.setItem('token', 'stale');
    sessionStorage.setItem('merchant', 'lanna');
    vi.stubGlobal(
      'fetch',
      respond(
        { success: false, code: 'UNAUTHORIZED', message: 'errors.UNAUTHORIZED', value: null },
        401,
      ),
    );
    await expect(call(getMemberInfo)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('merchant')).toBe('lanna');
  });

  it('leaves the session alone when the caller turns expiry off (logout)', async () => {
    sessionStorage.setItem('token', 'stale');
    vi.stubGlobal(
      'fetch',
      respond(
        { success: false, code: 'UNAUTHORIZED', message: 'errors.UNAUTHORIZED', value: null },
        401,
      ),
    );
    await expect(call(logout, {}, { expireOnUnauthorized: false })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    expect(sessionStorage.getItem('token')).toBe('stale');
  });

  it('carries the captcha demand and the wait of a refused login', async () => {
    vi.stubGlobal(
      'fetch',
      respond(
        {
          success: false,
          code: 'LOGIN_THROTTLED',
          message: 'errors.LOGIN_THROTTLED',
          value: { captchaRequired: true, retryAfterSeconds: 30 },
        },
        429,
      ),
    );
    await expect(call(getSystemStatus)).rejects.toMatchObject({
      code: 'LOGIN_THROTTLED',
      captchaRequired: true,
      retryAfterSeconds: 30,
    });
  });

  it('sends a form-urlencoded body where asked', async () => {
    const fetch = respond({
      success: true,
      code: 'OK',
      message: 'ok',
      value: { expiredMinutes: 5 },
    });
    vi.stubGlobal('fetch', fetch);
    await call(
      forgotPasswordByEmail,
      { body: { username: 'demo', email: 'demo@example.test', humanProof: 'cHJvb2Y=' } },
      { encoding: 'form' },
    );
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>)['Content-Type']).toBe(
      'application/x-www-form-urlencoded',
    );
    expect(init.body).toBe('username=demo&email=demo%40example.test&humanProof=cHJvb2Y%3D');
  });
});
