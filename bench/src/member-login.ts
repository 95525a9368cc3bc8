import {
  encryptPayload,
  type Envelope,
  type HumanChallenge,
  type LoginValue,
  type SessionKey,
} from '@lanna/contract';
import { solveHumanChallengeSync } from '@lanna/server/testing';

const getValue = async <T>(url: string, host: string): Promise<T> => {
  const response = await fetch(url, { headers: { host } });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return ((await response.json()) as Envelope<T>).value;
};

/**
 * Signs a member in over HTTP as the site does: the payload key, a solved human check, the
 * credentials sealed with the key. Returns the session token for `Authorization: Bearer`.
 */
export const loginOverHttp = async (
  baseUrl: string,
  host: string,
  username: string,
  password: string,
): Promise<string> => {
  const key = await getValue<SessionKey>(`${baseUrl}/wps/session/key`, host);
  const challenge = await getValue<HumanChallenge>(`${baseUrl}/wps/human/challenge`, host);
  const body = await encryptPayload(key, {
    username,
    password,
    humanVerification: solveHumanChallengeSync(challenge),
  });
  const response = await fetch(`${baseUrl}/wps/session/login`, {
    method: 'POST',
    headers: { host, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`login answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as Envelope<LoginValue>).value.token;
};
