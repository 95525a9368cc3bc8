import {
  encryptPayload,
  getSessionKey,
  type Endpoint,
  type PayloadOf,
  type SessionKey,
  type ValueOf,
} from '@lanna/contract';
import { call, type CallOptions } from './api-client';
import { ApiError, isApiError } from './api-error';

/**
 * Sensitive calls (login, register, passwords) are sealed in the browser with the server's
 * public key (architecture.md, Contract and errors); the server refuses them in clear text.
 * The key is asked once and kept for a while; the sealing time is the server's clock plus the
 * time elapsed here, so a member whose computer clock is wrong can still log in.
 */
const KEY_TTL_MS = 10 * 60_000;

type CachedKey = { key: SessionKey; receivedAt: number; offsetMs: number };
let cached: Promise<CachedKey> | null = null;

const loadKey = async (): Promise<CachedKey> => {
  const startedAt = Date.now();
  const key = await call(getSessionKey);
  const receivedAt = Date.now();
  // The server read its clock about half-way through the round trip.
  const midpoint = startedAt + (receivedAt - startedAt) / 2;
  return { key, receivedAt, offsetMs: Date.parse(key.serverTime) - midpoint };
};

const sessionKey = async (fresh: boolean): Promise<CachedKey> => {
  if (fresh || !cached) cached = loadKey();
  try {
    const entry = await cached;
    if (Date.now() - entry.receivedAt < KEY_TTL_MS) return entry;
    cached = loadKey();
    return await cached;
  } catch (error) {
    cached = null;
    throw error;
  }
};

/** Errors that a fresh key (and a fresh seal) can fix. */
const RESEAL_CODES = new Set(['PAYLOAD_KEY_UNKNOWN', 'PAYLOAD_EXPIRED']);

const seal = async (payload: unknown, fresh: boolean) => {
  const { key, offsetMs } = await sessionKey(fresh);
  if (!(globalThis.crypto as Crypto | undefined)?.subtle) {
    throw new ApiError('ENCRYPTION_UNAVAILABLE', { status: 0 });
  }
  try {
    return await encryptPayload(key, payload, { now: Date.now() + offsetMs });
  } catch (cause) {
    throw new ApiError('ENCRYPTION_UNAVAILABLE', { status: 0, cause });
  }
};

/**
 * Calls a sealed endpoint: seals `payload` and sends it as the body. A rotated key or an
 * expired seal is retried once with a new key.
 */
export const sealedCall = async <E extends Endpoint & { payload: object }>(
  endpoint: E,
  payload: PayloadOf<E>,
  options?: CallOptions,
): Promise<ValueOf<E>> => {
  // A sealed endpoint's body is always the EncryptedPayload, whatever its generic shape says.
  const callSealed = call as (
    endpoint: Endpoint,
    input: { body: unknown },
    options?: CallOptions,
  ) => Promise<ValueOf<E>>;
  const send = async (fresh: boolean) =>
    callSealed(endpoint, { body: await seal(payload, fresh) }, options);
  try {
    return await send(false);
  } catch (error) {
    if (isApiError(error) && RESEAL_CODES.has(error.code)) return send(true);
    throw error;
  }
};

/** Forgets the cached key (tests). */
export const resetSealingKey = (): void => {
  cached = null;
};
