import { z } from 'zod';
import type { SessionKey } from './session-key.ts';

const base64 = (maxLength: number) =>
  z
    .string()
    .min(1)
    .max(maxLength)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'base64');

/**
 * The body of every sensitive call (login, register, change password): a payload sealed in the
 * browser with the server's public key. `key` is a fresh AES-256-GCM key wrapped with RSA-OAEP
 * (SHA-256); `ciphertext` is the AES-GCM output (tag appended, as WebCrypto writes it) of the
 * JSON `{ payload, timestamp, nonce }`, with the key id as additional data. The server refuses
 * clear text, a payload outside its time window, and any nonce it has seen before.
 */
export const EncryptedPayloadSchema = z
  .object({
    keyId: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z0-9_-]+$/),
    key: base64(1024),
    iv: base64(24),
    ciphertext: base64(65_536),
  })
  .strict();
export type EncryptedPayload = z.infer<typeof EncryptedPayloadSchema>;

/** What the ciphertext holds: the call's own payload, the sealing time (ms) and a random nonce. */
export const SealedEnvelopeSchema = z
  .object({
    payload: z.unknown(),
    timestamp: z.number().int().positive(),
    nonce: z
      .string()
      .min(16)
      .max(64)
      .regex(/^[A-Za-z0-9+/]+={0,2}$/),
  })
  .strict();
export type SealedEnvelope = z.infer<typeof SealedEnvelopeSchema>;

// The contract compiles without DOM or Node types; these are the few WebCrypto members used,
// present in every browser and in Node 24 as globals.
type CryptoKeyLike = object;
type SubtleLike = {
  importKey(
    format: 'spki',
    key: Uint8Array,
    algorithm: { name: 'RSA-OAEP'; hash: 'SHA-256' },
    extractable: boolean,
    usages: ['encrypt'],
  ): Promise<CryptoKeyLike>;
  generateKey(
    algorithm: { name: 'AES-GCM'; length: 256 },
    extractable: true,
    usages: ['encrypt'],
  ): Promise<CryptoKeyLike>;
  exportKey(format: 'raw', key: CryptoKeyLike): Promise<ArrayBuffer>;
  encrypt(
    algorithm:
      { name: 'RSA-OAEP' } | { name: 'AES-GCM'; iv: Uint8Array; additionalData: Uint8Array },
    key: CryptoKeyLike,
    data: Uint8Array | ArrayBuffer,
  ): Promise<ArrayBuffer>;
};
type WebGlobals = {
  crypto: { subtle: SubtleLike; getRandomValues<T extends Uint8Array>(array: T): T };
  TextEncoder: new () => { encode(text: string): Uint8Array };
  btoa(binary: string): string;
  atob(base64: string): string;
};
const web = (): WebGlobals => globalThis as unknown as WebGlobals;

export const bytesToBase64 = (bytes: Uint8Array | ArrayBuffer): string => {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let binary = '';
  for (const byte of view) binary += String.fromCharCode(byte);
  return web().btoa(binary);
};

export const base64ToBytes = (text: string): Uint8Array =>
  Uint8Array.from(web().atob(text), (char) => char.charCodeAt(0));

/**
 * Seals a payload for the server with the key from `GET /wps/session/key`. The same code runs
 * in the browser and in the server's tests. `now` defaults to this machine's clock; pass the
 * server time plus the elapsed time when the local clock is not to be trusted.
 */
export const encryptPayload = async (
  sessionKey: Pick<SessionKey, 'keyId' | 'publicKey'>,
  payload: unknown,
  options: { now?: number } = {},
): Promise<EncryptedPayload> => {
  const { crypto, TextEncoder: Encoder } = web();
  const encoder = new Encoder();
  const rsaKey = await crypto.subtle.importKey(
    'spki',
    base64ToBytes(sessionKey.publicKey),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const aesKey = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, [
    'encrypt',
  ]);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed: SealedEnvelope = {
    payload,
    timestamp: Math.round(options.now ?? Date.now()),
    nonce: bytesToBase64(crypto.getRandomValues(new Uint8Array(18))),
  };
  const ciphertext = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: encoder.encode(sessionKey.keyId) },
    aesKey,
    encoder.encode(JSON.stringify(sealed)),
  );
  const wrappedKey = await crypto.subtle.encrypt(
    { name: 'RSA-OAEP' },
    rsaKey,
    await crypto.subtle.exportKey('raw', aesKey),
  );
  return {
    keyId: sessionKey.keyId,
    key: bytesToBase64(wrappedKey),
    iv: bytesToBase64(iv),
    ciphertext: bytesToBase64(ciphertext),
  };
};
