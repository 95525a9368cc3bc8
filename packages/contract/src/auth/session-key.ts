import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

/** The only sealing scheme: RSA-OAEP with SHA-256 wraps a fresh AES-256-GCM key per payload. */
export const PAYLOAD_ALGORITHM = 'RSA-OAEP-256+A256GCM';

/** The server's public key for sealing sensitive payloads (architecture.md, Contract and errors). */
export const SessionKeySchema = z.object({
  keyId: z.string(),
  algorithm: z.literal(PAYLOAD_ALGORITHM),
  /** SubjectPublicKeyInfo (DER), base64. */
  publicKey: z.string(),
  /** The server's clock, so a client with a wrong clock can seal with the server's time. */
  serverTime: z.iso.datetime(),
});
export type SessionKey = z.infer<typeof SessionKeySchema>;

export const getSessionKey = defineEndpoint({
  method: 'GET',
  path: '/wps/session/key',
  summary: 'The public key that seals login, register and password payloads',
  tag: 'auth',
  auth: 'public',
  value: SessionKeySchema,
  errors: ['MERCHANT_NOT_FOUND'],
});
