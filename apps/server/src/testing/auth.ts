import {
  encryptPayload,
  type Envelope,
  type HumanChallenge,
  type HumanVerification,
  type LoginValue,
  type SessionKey,
} from '@lanna/contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { solveHumanChallengeSync } from '../modules/auth/human-proof.service.ts';

/** Test helpers for sealed calls and sessions: the same `encryptPayload` the browser runs. */
type Method = 'POST' | 'PUT' | 'DELETE';

export const getSessionKey = async (app: FastifyInstance, host?: string): Promise<SessionKey> => {
  const response = await app.inject({
    method: 'GET',
    url: '/wps/session/key',
    ...(host ? { headers: { host } } : {}),
  });
  return response.json<{ value: SessionKey }>().value;
};

/** Seals a payload with the app's key at the app's (possibly moved) clock. */
export const seal = async (app: FastifyInstance, payload: unknown) =>
  encryptPayload(await getSessionKey(app), payload, { now: app.clock().getTime() });

export type CallOptions = { ip?: string; host?: string; token?: string };

const headersOf = (options: CallOptions): Record<string, string> => ({
  ...(options.host ? { host: options.host } : {}),
  ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
});

export const sealedCall = async (
  app: FastifyInstance,
  method: Method,
  url: string,
  payload: unknown,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> =>
  app.inject({
    method,
    url,
    payload: await seal(app, payload),
    headers: headersOf(options),
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });

export const call = (
  app: FastifyInstance,
  request: Omit<InjectOptions, 'headers' | 'remoteAddress'> & CallOptions,
): Promise<LightMyRequestResponse> => {
  const { ip, host, token, ...rest } = request;
  return app.inject({
    ...rest,
    headers: headersOf({ ...(host ? { host } : {}), ...(token ? { token } : {}) }),
    ...(ip ? { remoteAddress: ip } : {}),
  } as InjectOptions);
};

/** A solved human check from the app, as a browser would send it. */
export const humanProof = async (
  app: FastifyInstance,
  host = 'localhost',
): Promise<HumanVerification> => {
  const response = await app.inject({
    method: 'GET',
    url: '/wps/human/challenge',
    headers: { host },
  });
  return solveHumanChallengeSync(response.json<Envelope<HumanChallenge>>().value);
};

export type Credentials = {
  username: string;
  password: string;
  captcha?: string;
  captchaId?: string;
  type?: 'username' | 'sms';
  /** Solved for the call when absent, as the site does; a test of the check passes its own. */
  humanVerification?: unknown;
};

export const postLogin = async (
  app: FastifyInstance,
  credentials: Credentials,
  options: CallOptions & { agentArea?: boolean } = {},
) =>
  sealedCall(
    app,
    'POST',
    options.agentArea ? '/wps/session/agent/login' : '/wps/session/login',
    'humanVerification' in credentials
      ? credentials
      : { ...credentials, humanVerification: await humanProof(app, options.host) },
    options,
  );

/** Logs in and returns the login value; fails the test on anything but success. */
export const loginAs = async (
  app: FastifyInstance,
  credentials: Credentials,
  options: CallOptions = {},
): Promise<LoginValue> => {
  const response = await postLogin(app, credentials, options);
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return response.json<{ value: LoginValue }>().value;
};

/** A fresh captcha id (its text is whatever the test app's captchaText gives). */
export const newCaptchaId = async (app: FastifyInstance, options: CallOptions = {}) => {
  const response = await call(app, { method: 'GET', url: '/wps/captcha', ...options });
  return response.json<{ value: { captchaId: string } }>().value.captchaId;
};
