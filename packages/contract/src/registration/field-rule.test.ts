// Proves the one registration validator shared by the popup and the server applies the
// pattern, the bounds and the '*' wildcard the way spec section 5 states them.
import { describe, expect, it } from 'vitest';
import { checkField, type FieldRule } from './field-rule.ts';
import { PATTERNS, PATTERN_IDS } from './patterns.ts';

const rule = (patternId: keyof typeof PATTERNS, min = 1, max = 20, required = true): FieldRule => ({
  acceptedPattern: PATTERNS[patternId].source,
  minLength: min,
  maxLength: max,
  patternId,
  enabled: true,
  required,
});

describe('checkField', () => {
  it('has exactly the 19 pattern kinds of the spec', () => {
    expect(PATTERN_IDS).toHaveLength(19);
  });

  it('accepts a username that starts with a letter and refuses one that starts with a digit', () => {
    expect(checkField(rule(2, 4, 12), 'player01')).toBe('ok');
    expect(checkField(rule(2, 4, 12), '1player')).toBe('pattern');
  });

  it('reports length before pattern, with bounds inclusive', () => {
    expect(checkField(rule(5, 6, 8), 'abc')).toBe('tooShort');
    expect(checkField(rule(5, 6, 8), 'abcdefghi')).toBe('tooLong');
    expect(checkField(rule(5, 6, 8), 'abcdef')).toBe('ok');
    expect(checkField(rule(5, 6, 8), 'abcdefgh')).toBe('ok');
  });

  it('requires a value only when the field is configured as required', () => {
    expect(checkField(rule(4, 1, 50, true), '  ')).toBe('required');
    expect(checkField(rule(4, 1, 50, false), '')).toBe('ok');
  });

  it("lets '*' match anything within the bounds", () => {
    const any = { ...rule(1, 1, 5), acceptedPattern: '*' };
    expect(checkField(any, '!@ #$')).toBe('ok');
    expect(checkField(any, 'longer than five')).toBe('tooLong');
  });

  it('counts a Thai syllable with its marks as one character', () => {
    expect(checkField(rule(14, 1, 2), 'กี่')).toBe('ok');
  });

  it('demands upper, lower, digit and symbol for the strong password kind', () => {
    expect(checkField(rule(18, 8, 64), 'Demo@12345')).toBe('ok');
    expect(checkField(rule(18, 8, 64), 'demo12345')).toBe('pattern');
  });

  it('accepts both date layouts and a full name with a space', () => {
    expect(checkField(rule(12, 10, 10), '1990-04-30')).toBe('ok');
    expect(checkField(rule(12, 10, 10), '04-30-1990')).toBe('ok');
    expect(checkField(rule(19, 3, 40), 'Somchai Jaidee')).toBe('ok');
    expect(checkField(rule(19, 3, 40), 'Somchai')).toBe('pattern');
  });
});
