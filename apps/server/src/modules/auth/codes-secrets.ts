import { createHash, hkdfSync } from 'node:crypto';
import type { Env } from '../../config/env.ts';

/**
 * What the secrets default to when VERIFICATION_SECRET or TOTP_ENCRYPTION_KEY is unset, so
 * `npm start` works with no configuration. Anyone can read this line: a deployment that faces
 * the internet sets both (the server logs a warning at start in production when it does not).
 */
export const DEVELOPMENT_SECRET = 'lanna-development-verification-secret-not-for-production';

export type VerificationKeys = {
  /** HMAC key of stored code hashes. */
  codeHash: Buffer;
  /** HMAC key that signs human-check challenges. */
  humanChallenge: Buffer;
  /** AES-256-GCM key of stored TOTP seeds. */
  totpEncryption: Buffer;
  /** Which secrets fell back to the development default. */
  defaulted: ('VERIFICATION_SECRET' | 'TOTP_ENCRYPTION_KEY')[];
};

// One secret, one key per use: a leaked challenge key says nothing about code hashes.
const derive = (secret: string, label: string): Buffer =>
  Buffer.from(hkdfSync('sha256', secret, 'lanna-verification', label, 32));

/**
 * The keys of the verification features, from configuration. TOTP_ENCRYPTION_KEY is 32 random
 * bytes in base64; without it the key is SHA-256 of the development secret and a label.
 */
export const verificationKeysOf = (
  env: Pick<Env, 'VERIFICATION_SECRET' | 'TOTP_ENCRYPTION_KEY'>,
): VerificationKeys => {
  const secret = env.VERIFICATION_SECRET ?? DEVELOPMENT_SECRET;
  const totpEncryption = env.TOTP_ENCRYPTION_KEY
    ? Buffer.from(env.TOTP_ENCRYPTION_KEY, 'base64')
    : createHash('sha256').update(`${DEVELOPMENT_SECRET}:totp`).digest();
  return {
    codeHash: derive(secret, 'code-hash'),
    humanChallenge: derive(secret, 'human-challenge'),
    totpEncryption,
    defaulted: [
      ...(env.VERIFICATION_SECRET ? [] : ['VERIFICATION_SECRET' as const]),
      ...(env.TOTP_ENCRYPTION_KEY ? [] : ['TOTP_ENCRYPTION_KEY' as const]),
    ],
  };
};
