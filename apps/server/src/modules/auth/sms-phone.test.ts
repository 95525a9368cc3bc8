// Proves the phone rules codes are bound to: E.164 from what a member types, leading zeros
// dropped, impossible numbers refused, and masks that keep only what a member recognises.
import { describe, expect, it } from 'vitest';
import { maskEmail, maskPhone, toE164, withoutLeadingZeros } from './sms-phone.ts';

describe('toE164', () => {
  it('joins the dialing code and the number without its leading zeros', () => {
    expect(toE164('+66', '0812345678')).toBe('+66812345678');
    expect(toE164('66', '812345678')).toBe('+66812345678');
    expect(toE164(' +855 ', '012345678')).toBe('+85512345678');
  });

  it('refuses numbers that cannot be phone numbers', () => {
    expect(toE164('+66', '000')).toBeNull();
    expect(toE164('+66', '12345')).toBeNull();
    expect(toE164('+0', '812345678')).toBeNull();
    expect(toE164('+66', '1234567890123456')).toBeNull();
    expect(toE164('+6a', '812345678')).toBeNull();
  });
});

describe('masks', () => {
  it('keeps the country code and the last four digits of a number', () => {
    expect(maskPhone('+66812345678')).toBe('+66*****5678');
  });

  it('keeps two letters and the domain of an address', () => {
    expect(maskEmail('someone@example.com')).toBe('so*****@example.com');
    expect(maskEmail('a@example.com')).toBe('a***@example.com');
  });

  it('names a mobile registration by the number without leading zeros', () => {
    expect(withoutLeadingZeros('0812345678')).toBe('812345678');
  });
});
