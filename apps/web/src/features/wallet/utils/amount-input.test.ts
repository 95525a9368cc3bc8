// Proves the amount a member types is read exactly as the server would take it: major units
// scaled to minor units without floating point, and every amount the server refuses (empty,
// signs, letters, too many decimals, zero, too large) refused here first with its reason.
import { describe, expect, it } from 'vitest';
import { transferAmountSchema } from './amount-input';

/** The minor units read, or the last part of the refusal's `wallet.amountError.*` key. */
const readAmount = (text: string, currencyDecimals: number, available?: string) => {
  const result = transferAmountSchema(currencyDecimals, available).safeParse(text);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  const key = issue?.code === 'custom' ? (issue.params?.message as { key: string }).key : '';
  return key.replace('wallet.amountError.', '');
};
const read = (text: string, available?: string) => readAmount(text, 2, available);

describe('transferAmountSchema', () => {
  it('scales typed amounts to minor units exactly', () => {
    expect(read('100')).toBe('10000');
    expect(read('0.3')).toBe('30');
    expect(read('1,250.5')).toBe('125050');
    expect(read(' 12.34 ')).toBe('1234');
    expect(read('0.01')).toBe('1');
  });

  it('refuses what the server refuses, with the reason', () => {
    expect(read('')).toBe('required');
    expect(read('-5')).toBe('format');
    expect(read('1e3')).toBe('format');
    expect(read('abc')).toBe('format');
    expect(read('12.345')).toBe('precision');
    expect(read('0')).toBe('positive');
    expect(read('0.00')).toBe('positive');
    expect(read('10000000000000.01')).toBe('tooLarge');
    expect(read('99999999999999999999999')).toBe('tooLarge');
  });

  it('takes the whole balance but not a cent more', () => {
    expect(read('25.00', '2500')).toBe('2500');
    expect(read('25.01', '2500')).toBe('balance');
  });

  it('follows the currency decimals', () => {
    expect(readAmount('15', 0)).toBe('15');
    expect(readAmount('1.5', 0)).toBe('precision');
  });
});
