// Proves password hashing: argon2id hashes verify their own password only, salts differ, the
// first seeds' scrypt hashes still verify and are marked for rehashing, a malformed stored value
// never matches, and the common-password rule refuses the obvious guesses.
import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from './password.ts';
import { isCommonPassword } from './password-policy.ts';

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('Demo@12345');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword('Demo@12345', hash)).toBe(true);
    expect(await verifyPassword('demo@12345', hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('still verifies an scrypt hash of the first seeds, and asks for a rehash', async () => {
    const salt = randomBytes(16);
    const key = scryptSync('Demo@12345', salt, 32, { N: 16_384, r: 8, p: 1 });
    const stored = ['scrypt', 16_384, 8, 1, salt.toString('base64url'), key.toString('base64url')];
    const hash = stored.join('$');
    expect(await verifyPassword('Demo@12345', hash)).toBe(true);
    expect(await verifyPassword('Demo@12346', hash)).toBe(false);
    expect(needsRehash(hash)).toBe(true);
  });

  it('never matches a malformed stored hash', async () => {
    for (const stored of ['', 'plain', '!', 'scrypt$1$2$3', 'bcrypt$x$y$z$a$b', '$argon2id$x']) {
      expect(await verifyPassword('x', stored)).toBe(false);
    }
  });
});

describe('common passwords', () => {
  it('refuses the passwords attackers try first, with digits or symbols added', () => {
    for (const password of [
      '123456',
      'Password1!',
      'qwerty123',
      'iloveyou2026',
      'aaaaaaaa',
      '12345678',
    ]) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it('accepts a password of its own', () => {
    expect(isCommonPassword('Demo@12345')).toBe(false);
    expect(isCommonPassword('correct horse battery staple')).toBe(false);
  });
});
