import { randomInt } from 'node:crypto';

const BASE_MAX = 6;
const SUFFIX_DIGITS = 6;

/**
 * The start of a new social member's username, from the provider's claims: ASCII letters and
 * digits only (a claim is any text the person chose at the provider), lower case, beginning
 * with a letter, at most six characters; `member` when nothing usable is left.
 */
export const usernameBaseOf = (claims: {
  preferredUsername: string | null;
  email: string | null;
  name: string | null;
}): string => {
  const candidates = [claims.preferredUsername, claims.email?.split('@')[0], claims.name];
  for (const candidate of candidates) {
    const ascii = (candidate ?? '')
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .replace(/^[0-9]+/, '');
    if (ascii) return ascii.slice(0, BASE_MAX);
  }
  return 'member';
};

/**
 * A candidate username: the base and six random digits (`mali402817`), 7 to 12 letters and
 * digits starting with a letter, which both demo merchants' username rules accept.
 */
export const socialUsernameOf = (base: string): string =>
  `${base}${String(randomInt(10 ** SUFFIX_DIGITS)).padStart(SUFFIX_DIGITS, '0')}`;

/** The member's nickname: the name claim, without control characters, at most 20 characters. */
export const socialNicknameOf = (name: string | null): string => {
  const clean = (name ?? '').replace(/\p{Cc}|\p{Cf}/gu, '').trim();
  const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(clean);
  return Array.from(graphemes, (part) => part.segment)
    .slice(0, 20)
    .join('');
};
