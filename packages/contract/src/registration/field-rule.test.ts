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

// Each of the 19 kinds with values it must take and values it must refuse (issue 3 acceptance).
// Kind 1 takes anything: only its bounds refuse, shown by a value past maxLength.
const KIND_EXAMPLES: Record<keyof typeof PATTERNS, { ok: string[]; refused: string[] }> = {
  1: { ok: ['anything at all!', 'ไทย 123'], refused: [] },
  2: { ok: ['player01', 'Z'], refused: ['1player', 'play er', 'player_1'] },
  3: { ok: ['张伟2024', '李'], refused: ['zhang', '张 伟'] },
  4: { ok: ['a@b.co', 'first.last@mail.example'], refused: ['a@b', 'no at.com', 'a b@c.d'] },
  5: { ok: ['abc123', 'ABC', '123'], refused: ['abc-123', 'abc 123'] },
  6: { ok: ['abc123', '1a'], refused: ['abcdef', '123456', 'abc_123'] },
  7: { ok: ['0812345678'], refused: ['08-1234', '12a'] },
  8: { ok: ['Abc123', 'Z9'], refused: ['abc123', 'Abc-123'] },
  9: { ok: ['John Smith', 'abc'], refused: ['John3', 'Jean-Luc'] },
  10: { ok: ['a_b-c!', 'x'], refused: ['a b'] },
  11: { ok: ['你好，世界', '《书》'], refused: ['hello', '你 好'] },
  12: { ok: ['2026-11-22', '22-11-2026'], refused: ['2026/11/22', '22-11-26', '20261122'] },
  13: { ok: ['김민준', '한국'], refused: ['kim', '김 민준'] },
  14: { ok: ['สมชาย', 'ไทย'], refused: ['somchai', 'สม ชาย'] },
  15: { ok: ['สมชาย Somchai', 'Thai ไทย'], refused: ['สมชาย1', 'Somchai!'] },
  16: { ok: ['JOHN SMITH', 'A'], refused: ['John Smith', 'JOHN3'] },
  17: { ok: ['P@ss-w0rd!', 'abc'], refused: ['pass word', 'ไทย'] },
  18: { ok: ['Aa1!aaaa', 'Str0ng#Pass'], refused: ['alllower1!', 'NoDigits!', 'NoSymbol1a'] },
  19: { ok: ['John Smith', 'สมชาย ใจดี', 'Mary Ann Lee'], refused: ['John', 'John  Smith'] },
};

describe('the 19 pattern kinds', () => {
  it.each(PATTERN_IDS)('kind %i takes its values and refuses the others', (id) => {
    const examples = KIND_EXAMPLES[id];
    for (const value of examples.ok) expect(checkField(rule(id, 1, 30), value), value).toBe('ok');
    for (const value of examples.refused)
      expect(checkField(rule(id, 1, 30), value), value).toBe('pattern');
    if (examples.refused.length === 0) {
      expect(checkField(rule(id, 1, 5), 'longer than five')).toBe('tooLong');
    }
  });
});
