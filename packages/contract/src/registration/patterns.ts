/**
 * The 19 pattern kinds of spec section 5. A field rule names one by `patternId`; the server
 * sends `acceptedPattern` too, and '*' accepts anything. One implementation serves the web
 * form and the server (issue 3 builds the forms on it).
 */
export const PATTERNS = {
  1: { key: 'any', source: '^[\\s\\S]*$' },
  2: { key: 'letterFirstAlnum', source: '^[A-Za-z][A-Za-z0-9]*$' },
  3: { key: 'chineseDigits', source: '^[\\u4e00-\\u9fa50-9]+$' },
  4: { key: 'email', source: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' },
  5: { key: 'lettersOrDigits', source: '^[A-Za-z0-9]+$' },
  6: { key: 'lettersAndDigits', source: '^(?=.*[A-Za-z])(?=.*\\d)[A-Za-z0-9]+$' },
  7: { key: 'digits', source: '^\\d+$' },
  8: { key: 'alnumWithUpper', source: '^(?=.*[A-Z])[A-Za-z0-9]+$' },
  9: { key: 'lettersAndSpaces', source: '^[A-Za-z ]+$' },
  10: { key: 'noSpaces', source: '^\\S+$' },
  11: { key: 'chinesePunctuation', source: '^[\\u4e00-\\u9fa5\\u3000-\\u303f\\uff00-\\uffef]+$' },
  12: { key: 'date', source: '^(\\d{4}-\\d{2}-\\d{2}|\\d{2}-\\d{2}-\\d{4})$' },
  13: { key: 'korean', source: '^[\\uac00-\\ud7a3\\u1100-\\u11ff\\u3130-\\u318f]+$' },
  14: { key: 'thai', source: '^[\\u0e00-\\u0e7f]+$' },
  15: { key: 'thaiEnglishSpaces', source: '^[\\u0e00-\\u0e7fA-Za-z ]+$' },
  16: { key: 'upperSpaces', source: '^(?=.*[A-Z])[A-Z ]+$' },
  17: { key: 'lettersDigitsSymbols', source: '^[A-Za-z0-9!-/:-@\\[-`{-~]+$' },
  18: {
    key: 'strongPassword',
    source: '^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*[^A-Za-z0-9]).+$',
  },
  19: { key: 'fullName', source: '^\\S+( \\S+)+$' },
} as const satisfies Record<number, { key: string; source: string }>;

export type PatternId = keyof typeof PATTERNS;
export const PATTERN_IDS = Object.keys(PATTERNS).map(Number) as PatternId[];
