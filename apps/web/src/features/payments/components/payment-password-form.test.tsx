// The payment password form's rules, the same as the server's: the current secret, six digits,
// the confirmation equal, and a change that changes something.
import { describe, expect, it } from 'vitest';
import { validatePaymentPassword } from './payment-password-form';

describe('validatePaymentPassword', () => {
  it('takes six digits confirmed', () => {
    expect(
      validatePaymentPassword({ current: 'Login@1', next: '135790', confirm: '135790' }, 'set'),
    ).toEqual({});
  });

  it('names each problem', () => {
    expect(validatePaymentPassword({ current: '', next: '', confirm: '' }, 'set')).toEqual({
      current: 'validation.required',
      next: 'validation.required',
      confirm: 'validation.required',
    });
    expect(
      validatePaymentPassword({ current: 'x', next: '12345a', confirm: '12345a' }, 'set').next,
    ).toBe('withdrawal.password.sixDigits');
    expect(
      validatePaymentPassword({ current: 'x', next: '1234567', confirm: '1234567' }, 'set').next,
    ).toBe('withdrawal.password.sixDigits');
    expect(
      validatePaymentPassword({ current: 'x', next: '135790', confirm: '135791' }, 'set').confirm,
    ).toBe('inconsistent twice');
    expect(
      validatePaymentPassword({ current: '135790', next: '135790', confirm: '135790' }, 'change')
        .next,
    ).toBe('errors.PASSWORD_UNCHANGED');
  });
});
