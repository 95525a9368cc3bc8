// Proves the transfer amount rule the server and the browser share: positive whole minor
// units up to the ledger's largest entry, and every other string refused without an exception
// (a pattern failure must never reach BigInt).
import { describe, expect, it } from 'vitest';
import { MAX_TRANSFER_MINOR, TransferAmountMinorSchema } from './amount.ts';

const accepts = (value: unknown) => TransferAmountMinorSchema.safeParse(value).success;

describe('TransferAmountMinorSchema', () => {
  it('takes positive whole minor units up to the largest transfer', () => {
    expect(accepts('1')).toBe(true);
    expect(accepts('250000')).toBe(true);
    expect(accepts(MAX_TRANSFER_MINOR.toString())).toBe(true);
  });

  it('refuses zero, signs, fractions, exponents, spaces, numbers and huge amounts', () => {
    for (const value of [
      '0',
      '00',
      '-1',
      '+1',
      '12.5',
      '1e3',
      ' 1',
      '1 ',
      '',
      'abc',
      12,
      null,
      (MAX_TRANSFER_MINOR + 1n).toString(),
      '99999999999999999999',
    ]) {
      expect(() => TransferAmountMinorSchema.safeParse(value)).not.toThrow();
      expect(accepts(value), String(value)).toBe(false);
    }
  });
});
