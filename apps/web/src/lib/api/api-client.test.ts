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
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiServer, askedRequests } from '@/test/api-server';
import { refusal, serveApi } from '@/test/serve-api';
import { buildUrl, call } from './api-client';
import { ApiError } from './api-error';

/** Answers every request with `response`, whatever it is. */
const respond = (response: () => Response) => apiServer.use(http.all('*', response));

const sent = () => askedRequests()[0]!.request;

describe('call', () => {
  it('returns the validated value of a success envelope', async () => {
    serveApi({ '/wps/system/status': { status: 1, maintenanceEndsAt: null, ip: '1.2.3.4' } });
    await expect(call(getSystemStatus)).resolves.toEqual({
      status: 1,
      maintenanceEndsAt: null,
      ip: '1.2.3.4',
    });
    expect(askedRequests().map(({ method, path }) => `${method} ${path}`)).toEqual([
      'GET /wps/system/status',
    ]);
  });

  it('sends the query, the JSON body and the session token', async () => {
    sessionStorage.setItem('token', 't0k3n');
    serveApi({ '/wps/system/language': { language: 'TH' } });
    await call(updateLanguage, { body: { language: 'TH' } });
    const request = sent();
    expect(new URL(request.url).pathname).toBe('/wps/system/language');
    expect(request.method).toBe('PUT');
    expect(await request.text()).toBe('{"language":"TH"}');
    expect(request.headers.get('Authorization')).toBe('Bearer t0k3n');
  });

  it('normalises an error envelope to its code', async () => {
    respond(() => refusal(429, 'RATE_LIMITED', { requestId: 'r1' }));
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
    respond(() => new HttpResponse('<html>Bad gateway</html>', { status: 502 }));
    await expect(call(getSystemStatus)).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    respond(() => new HttpResponse('oops', { status: 500 }));
    await expect(call(getSystemStatus)).rejects.toMatchObject({ code: 'INTERNAL_ERROR' });
  });

  it('rejects a value that breaks the contract', async () => {
    serveApi({ '/wps/system/status': { status: 7 } });
    await expect(call(getSystemStatus)).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it('reports an unreachable server as a network error', async () => {
    respond(() => HttpResponse.error());
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
    respond(() => refusal(401, 'UNAUTHORIZED'));
    await expect(call(getMemberInfo)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('merchant')).toBe('lanna');
  });

  it('leaves the session alone when the caller turns expiry off (logout)', async () => {
    sessionStorage.setItem('token', 'stale');
    respond(() => refusal(401, 'UNAUTHORIZED'));
    await expect(call(logout, {}, { expireOnUnauthorized: false })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    expect(sessionStorage.getItem('token')).toBe('stale');
  });

  it('carries the captcha demand and the wait of a refused login', async () => {
    respond(() =>
      refusal(429, 'LOGIN_THROTTLED', { captchaRequired: true, retryAfterSeconds: 30 }),
    );
    await expect(call(getSystemStatus)).rejects.toMatchObject({
      code: 'LOGIN_THROTTLED',
      captchaRequired: true,
      retryAfterSeconds: 30,
    });
  });

  it('sends a form-urlencoded body where asked', async () => {
    serveApi({ [forgotPasswordByEmail.path]: { expiredMinutes: 5 } });
    await call(
      forgotPasswordByEmail,
      { body: { username: 'demo', email: 'demo@example.test', humanProof: 'cHJvb2Y=' } },
      { encoding: 'form' },
    );
    const request = sent();
    expect(request.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(await request.text()).toBe(
      'username=demo&email=demo%40example.test&humanProof=cHJvb2Y%3D',
    );
  });
});
