import { hkdfSync } from 'node:crypto';
import type { Env } from '../../config/env.ts';

export type VerificationKeys = {
  /** HMAC key of stored code hashes. */
  codeHash: Buffer;
  /** HMAC key that signs human-check challenges. */
  humanChallenge: Buffer;
  /** AES-256-GCM key of stored TOTP seeds. */
  totpEncryption: Buffer;
};

// One secret, one key per use: a leaked challenge key says nothing about code hashes.
const derive = (secret: string, label: string): Buffer =>
  Buffer.from(hkdfSync('sha256', secret, 'lanna-verification', label, 32));

/**
 * The keys of the verification features, from configuration: VERIFICATION_SECRET, and
 * TOTP_ENCRYPTION_KEY (32 random bytes in base64).
 */
export const verificationKeysOf = (
  env: Pick<Env, 'VERIFICATION_SECRET' | 'TOTP_ENCRYPTION_KEY'>,
): VerificationKeys => ({
  codeHash: derive(env.VERIFICATION_SECRET, 'code-hash'),
  humanChallenge: derive(env.VERIFICATION_SECRET, 'human-challenge'),
  totpEncryption: Buffer.from(env.TOTP_ENCRYPTION_KEY, 'base64'),
});
