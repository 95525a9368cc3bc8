// Proves that a social member's username is safe whatever the provider's claims hold: ASCII
// letters and digits, a letter first, within both demo merchants' username rules.
import { PATTERNS } from '@lanna/contract';
import { describe, expect, it } from 'vitest';
import { socialNicknameOf, socialUsernameOf, usernameBaseOf } from './social-username.ts';

const none = { preferredUsername: null, email: null, name: null };

describe('social usernames', () => {
  it('takes the preferred username first, then the e-mail, then the name', () => {
    expect(usernameBaseOf({ ...none, preferredUsername: 'Mali.Sri', email: 'x@y.z' })).toBe(
      'malisr',
    );
    expect(usernameBaseOf({ ...none, email: 'somchai.k@example.com' })).toBe('somcha');
    expect(usernameBaseOf({ ...none, name: 'Niran' })).toBe('niran');
  });

  it('keeps only ASCII letters and digits and never starts with a digit', () => {
    expect(usernameBaseOf({ ...none, preferredUsername: "12'; DROP TABLE--" })).toBe('dropta');
    expect(usernameBaseOf({ ...none, name: 'Zoë' })).toBe('zoe');
    expect(usernameBaseOf({ ...none, name: 'สมชาย', preferredUsername: '<script>' })).toBe(
      'script',
    );
  });

  it('falls back to member when no claim has a usable letter', () => {
    expect(usernameBaseOf({ ...none, name: 'สมชาย', email: '123@x.y' })).toBe('member');
    expect(usernameBaseOf(none)).toBe('member');
  });

  it('adds six random digits, within the merchants username rules', () => {
    const letterFirst = new RegExp(PATTERNS[2].source);
    const lettersOrDigits = new RegExp(PATTERNS[5].source);
    for (const base of ['a', 'member', 'malisr']) {
      const username = socialUsernameOf(base);
      expect(username).toMatch(new RegExp(`^${base}[0-9]{6}$`));
      expect(username).toMatch(letterFirst);
      expect(username).toMatch(lettersOrDigits);
      expect(username.length).toBeGreaterThanOrEqual(7);
      expect(username.length).toBeLessThanOrEqual(12);
    }
  });

  it('keeps a nickname short and free of control characters', () => {
    expect(socialNicknameOf('Mali\u0000 Sri\u200b')).toBe('Mali Sri');
    expect(socialNicknameOf('x'.repeat(50))).toHaveLength(20);
    expect(socialNicknameOf(null)).toBe('');
  });
});
