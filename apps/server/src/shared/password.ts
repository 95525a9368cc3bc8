import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's first recommended setting: 19 MiB, 2 passes, 1 lane (checklist 15).
// `algorithm: 2` is Algorithm.Argon2id (a const enum, which isolated modules cannot import).
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
const ARGON2_PREFIX = `$argon2id$v=19$m=${ARGON2.memoryCost},t=${ARGON2.timeCost},p=${ARGON2.parallelism}$`;

// The scheme the first seeds used: scrypt$N$r$p$salt$key. Still verified, rehashed on login.
const SCRYPT_MAXMEM = 64 * 1024 * 1024;

const normalize = (password: string): string => password.normalize('NFKC');

/** An argon2id hash in the PHC string format (`$argon2id$v=19$m=...`). */
export const hashPassword = (password: string): Promise<string> =>
  hash(normalize(password), ARGON2);

const verifyScrypt = async (password: string, stored: string): Promise<boolean> => {
  const [, n, r, p, salt, key] = stored.split('$');
  if (!n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const options = { N: Number(n), r: Number(r), p: Number(p), maxmem: SCRYPT_MAXMEM };
  const actual = await new Promise<Buffer>((resolve, reject) => {
    scrypt(normalize(password), Buffer.from(salt, 'base64url'), expected.length, options, (e, k) =>
      e ? reject(e) : resolve(k),
    );
  }).catch(() => null);
  return actual !== null && actual.length === expected.length && timingSafeEqual(actual, expected);
};

/** Compares in constant time (inside argon2 or with timingSafeEqual); a malformed hash never matches. */
export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  if (stored.startsWith('$argon2id$')) {
    return verify(stored, normalize(password)).catch(() => false);
  }
  if (stored.startsWith('scrypt$')) return verifyScrypt(password, stored);
  return false;
};

/** True for a hash of an older scheme or weaker setting: rehash it after a successful login. */
export const needsRehash = (stored: string): boolean => !stored.startsWith(ARGON2_PREFIX);

let dummyHash: Promise<string> | null = null;

/**
 * Spends the time of one verification against a hash of nobody's password, so that an unknown
 * username answers as slowly as a wrong password (no enumeration by timing).
 */
export const verifyDummyPassword = async (password: string): Promise<void> => {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64'));
  await verifyPassword(password, await dummyHash);
};
