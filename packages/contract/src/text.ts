import { z } from 'zod';

/**
 * The one rule for text a request carries (issue 21 item 3). Every string field of every
 * request schema is built here, or has a pattern of its own that admits fewer characters (an
 * enum, digits, base64, `^[A-Z0-9_]{2,32}$`); the contract test `text.test.ts` walks the route
 * table and fails on a field that forgets it.
 *
 * Refused in all text, with VALIDATION_FAILED:
 * - control characters, C0 and C1 (`\p{Cc}`: U+0000–U+001F, U+007F–U+009F), NUL first among
 *   them, which PostgreSQL cannot store. Multi-line fields (chat, feedback, message bodies,
 *   operator HTML) allow tab, line feed and carriage return and no other;
 * - lone surrogates (`\p{Cs}`): not text, and no UTF-8 encoding exists for them;
 * - the 66 Unicode non-characters (`\p{Noncharacter_Code_Point}`: U+FDD0–U+FDEF and the last two
 *   code points of every plane, U+xFFFE and U+xFFFF).
 *
 * Refused as well in text another person is shown (`shownText`: names, nicknames, chat, titles
 * and bodies of notices, announcements, messages and help articles, operators' reasons that
 * reach a member): the bidirectional controls (`\p{Bidi_Control}`: U+061C, U+200E, U+200F,
 * U+202A–U+202E, U+2066–U+2069). They reorder what follows them, so "\u202Egnp.exe" shows as
 * "exe.png"; none of the site's languages needs one to be written correctly, the marks U+200E,
 * U+200F and U+061C included, so the whole property is refused rather than part of it. Joiners
 * (U+200C, U+200D) stay: emoji and Indic scripts need them.
 *
 * Each rule is one `u`-flag regular expression, so the OpenAPI document states it as the field's
 * `pattern` (an ECMA-262 pattern, read with the `u` flag as JSON Schema validators do).
 */
const REFUSED = '\\p{Cc}\\p{Cs}\\p{Noncharacter_Code_Point}';
const BIDI_CONTROLS = '\\p{Bidi_Control}';
const LINE_BREAKS = '[\\t\\n\\r]';
/** Text that must say something: at least one character other than white space. */
const NOT_BLANK = '(?=[\\s\\S]*\\S)';

type PatternOptions = {
  shown: boolean;
  multiline: boolean;
  notBlank: boolean;
  min?: number;
  /** White space around the text is trimmed before `min` counts. */
  trim?: boolean;
};

/**
 * The pattern of a text rule, for a field with a format of its own (a URL) and for tests. It
 * states the fewest characters too, so a generator of valid inputs that reads only the pattern
 * still makes long enough text.
 */
export const textPattern = ({
  shown,
  multiline,
  notBlank,
  min = 0,
  trim = false,
}: PatternOptions): RegExp => {
  const allowed = `[^${REFUSED}${shown ? BIDI_CONTROLS : ''}]`;
  const character = multiline ? `(?:${LINE_BREAKS}|${allowed})` : allowed;
  if (trim && min > 0) {
    // The trimmed text: from a character other than white space to another, `min` in all.
    const edge = `(?!\\s)${allowed}`;
    const core =
      min === 1 ? `${edge}(?:${character}*${edge})?` : `${edge}${character}{${min - 2},}${edge}`;
    return new RegExp(`^\\s*${core}\\s*$`, 'u');
  }
  const count = min > 0 ? `{${min},}` : '*';
  return new RegExp(`^${notBlank ? NOT_BLANK : ''}${character}${count}$`, 'u');
};

export type TextOptions = {
  /** The fewest characters (UTF-16 units, as `max`), counted after trimming when `trim` is on. */
  min?: number;
  /** Tab, line feed and carriage return allowed: chat, feedback, message bodies, HTML. */
  multiline?: boolean;
  /**
   * White space around the text goes before it is checked and stored; with `min` of 1 or more
   * the text must then hold a character other than white space, and the pattern says so.
   */
  trim?: boolean;
};

const textOf = (max: number, shown: boolean, options: TextOptions) => {
  const { min = 0, multiline = false, trim = false } = options;
  const base = trim ? z.string().trim() : z.string();
  const bounded = min > 0 ? base.min(min).max(max) : base.max(max);
  const pattern = textPattern({ shown, multiline, notBlank: trim && min > 0, min, trim });
  return bounded.regex(
    pattern,
    shown ? 'no control, direction or non-character code points' : 'no control characters',
  );
};

/** Request text no other person reads as typed: passwords, codes, search words, addresses. */
export const text = (max: number, options: TextOptions = {}) => textOf(max, false, options);

/** Request text another person is shown: names, chat, notices, messages, reasons. */
export const shownText = (max: number, options: TextOptions = {}) => textOf(max, true, options);

/** A member's username wherever a request names one: login, reset, transfers, operator paths. */
export const UsernameTextSchema = shownText(64, { min: 1, trim: true });

/** Why an operator makes a change: audit-logged, and shown to the member a refusal concerns. */
export const OperatorReasonSchema = shownText(500, { min: 3, trim: true });
