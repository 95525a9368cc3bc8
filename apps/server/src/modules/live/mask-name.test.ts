import { describe, expect, it } from 'vitest';
import { maskWinnerName } from './mask-name.ts';

describe('maskWinnerName', () => {
  it('keeps the first two and the last character around a fixed mask', () => {
    expect(maskWinnerName('demo_member')).toBe('de***r');
    expect(maskWinnerName('abcd')).toBe('ab***d');
  });

  it('hides the length: a long and a short name mask to the same width', () => {
    expect(maskWinnerName('averyveryverylongname').length).toBe(maskWinnerName('abcde').length);
  });

  it('keeps only the first character of a short name', () => {
    expect(maskWinnerName('abc')).toBe('a***');
    expect(maskWinnerName('x')).toBe('x***');
    expect(maskWinnerName('')).toBe('***');
  });

  it('never cuts a character in two', () => {
    expect(maskWinnerName('สมชายใจดี')).toBe('สม***ี');
    expect(maskWinnerName('😀😁😂😃')).toBe('😀😁***😃');
  });
});
