import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const SEED_BYTES = 20; // 160 bits, RFC 4226's recommendation
const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'v1';

/** RFC 4648 base32 without padding: the form authenticator apps read. */
export const toBase32 = (bytes: Uint8Array): string => {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET.charAt((value >>> (bits - 5)) & 31);
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET.charAt((value << (5 - bits)) & 31);
  return out;
};

/** A new TOTP seed from the CSPRNG (checklist 12), base32. */
export const generateTotpSeed = (): string => toBase32(randomBytes(SEED_BYTES));

/**
 * Seals a seed with AES-256-GCM under the server key. The member id is additional data, so a
 * ciphertext copied onto another member does not open. `v1.<iv>.<ciphertext>.<tag>`, base64url.
 */
export const encryptSeed = (key: Buffer, memberId: number, seed: string): string => {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(`member:${memberId}`));
  const ciphertext = Buffer.concat([cipher.update(seed, 'utf8'), cipher.final()]);
  return [VERSION, iv, ciphertext, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
};

/** Opens a sealed seed; throws when it was tampered with or sealed under another key or member. */
export const decryptSeed = (key: Buffer, memberId: number, sealed: string): string => {
  const [version, iv, ciphertext, tag] = sealed.split('.');
  if (version !== VERSION || !iv || !ciphertext || !tag) throw new Error('unknown seed format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
    authTagLength: TAG_BYTES,
  });
  decipher.setAAD(Buffer.from(`member:${memberId}`));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(ciphertext, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
};
