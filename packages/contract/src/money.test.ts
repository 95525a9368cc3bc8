// Proves typed amounts become exact minor units without floating point: the decimals of the
// currency are honoured, anything that is not a plain amount is refused with a reason, and the
// text form reads back to the same amount.
import { describe, expect, it } from 'vitest';
import {
  amountTextSchema,
  type AmountTextOptions,
  minorToAmountText,
  parseAmountToMinor,
  PositiveMinorUnitsSchema,
} from './money.ts';

const minor = (text: string, decimals = 2) => {
  const result = parseAmountToMinor(text, decimals);
  return result.ok ? result.amountMinor : result.error;
};

describe('parseAmountToMinor', () => {
  it('scales whole and decimal amounts to minor units exactly', () => {
    expect(minor('100')).toBe(10_000n);
    expect(minor('100.5')).toBe(10_050n);
    expect(minor('0.01')).toBe(1n);
    expect(minor('.5')).toBe(50n);
    expect(minor('10.')).toBe(1_000n);
    // 0.1 + 0.2 in floating point is 0.30000000000000004; here it is text.
    expect(minor('0.3')).toBe(30n);
    expect(minor('1.005')).toBe('precision');
  });

  it('honours the currency decimals', () => {
    expect(minor('12', 0)).toBe(12n);
    expect(minor('12.5', 0)).toBe('precision');
    expect(minor('12.0', 0)).toBe(12n);
    expect(minor('1.2345', 4)).toBe(12_345n);
    expect(minor('1.23456', 4)).toBe('precision');
  });

  it('ignores grouping and surrounding spaces, and trailing zeros beyond the decimals', () => {
    expect(minor(' 1,234,567.89 ')).toBe(123_456_789n);
    expect(minor('10.500')).toBe(1_050n);
    expect(minor('007.10')).toBe(710n);
  });

  it('parses zero, leaving the caller to refuse it', () => {
    expect(minor('0')).toBe(0n);
    expect(minor('0.00')).toBe(0n);
  });

  it('refuses what is not a plain amount', () => {
    expect(minor('')).toBe('empty');
    expect(minor('   ')).toBe('empty');
    for (const text of ['-5', '+5', '1e3', 'abc', '1.2.3', '.', '5$', 'NaN', 'Infinity', '١٢'])
      expect(minor(text), text).toBe('format');
  });

  it('refuses amounts no bigint can hold', () => {
    expect(minor('92233720368547758.07')).toBe(2n ** 63n - 1n);
    expect(minor('92233720368547758.08')).toBe('too_large');
    expect(minor('9'.repeat(400))).toBe('too_large');
  });
});

describe('minorToAmountText', () => {
  it('writes minor units as the plain text that parses back to them', () => {
    expect(minorToAmountText(123_450n, 2)).toBe('1234.50');
    expect(minorToAmountText('5', 2)).toBe('0.05');
    expect(minorToAmountText(7n, 0)).toBe('7');
    for (const value of [0n, 1n, 99n, 100n, 123_456_789n])
      expect(minor(minorToAmountText(value, 2))).toBe(value);
  });
});

describe('PositiveMinorUnitsSchema', () => {
  it('takes positive integer strings only', () => {
    expect(PositiveMinorUnitsSchema.safeParse('1').success).toBe(true);
    for (const value of ['0', '-1', '1.5', '01', 1, '1e3', '12345678901234567890'])
      expect(PositiveMinorUnitsSchema.safeParse(value).success, String(value)).toBe(false);
  });
});

describe('amountTextSchema', () => {
  const read = (text: string, decimals = 2, options?: AmountTextOptions) => {
    const result = amountTextSchema(decimals, options).safeParse(text);
    return result.success
      ? result.data
      : result.error.issues.map((issue) => (issue.code === 'custom' ? issue.params : issue.code));
  };

  it('reads typed text into the minor units a request sends', () => {
    expect(read('1,250.5')).toBe('125050');
    expect(read(' 0.01 ')).toBe('1');
    expect(read('15', 0)).toBe('15');
  });

  it('names each problem in one issue', () => {
    expect(read('')).toEqual([{ amount: 'empty' }]);
    expect(read('-5')).toEqual([{ amount: 'format' }]);
    expect(read('12.345')).toEqual([{ amount: 'precision' }]);
    expect(read('0.00')).toEqual([{ amount: 'zero' }]);
    expect(read('99999999999999999999')).toEqual([{ amount: 'too_large' }]);
  });

  it("applies the request's own amount schema", () => {
    const atMostTen = PositiveMinorUnitsSchema.refine((value) => value.length < 4);
    expect(read('9.99', 2, { minorSchema: atMostTen })).toBe('999');
    expect(read('10', 2, { minorSchema: atMostTen })).toEqual([{ amount: 'too_large' }]);
  });

  it('lets a form name its own message', () => {
    expect(read('1.234', 2, { issueParams: (problem) => ({ key: `amount.${problem}` }) })).toEqual([
      { key: 'amount.precision' },
    ]);
  });
});
