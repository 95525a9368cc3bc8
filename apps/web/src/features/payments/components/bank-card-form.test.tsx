// The bank card and e-wallet form's rules, the contract's own: names in letters, the account
// name equal to the profile's payee name (case and spacing aside), account numbers of digits
// once spaces and hyphens are dropped, wallet ids, and the payment password.
import { describe, expect, it } from 'vitest';
import { compactAccountNumber, validateBankCard, type BankCardFields } from './bank-card-form';

const FIELDS: BankCardFields = {
  bankName: 'Kasikorn Bank',
  walletType: 'TRUEMONEY',
  accountName: 'Somchai Jaidee',
  accountNumber: '123-4-56789-0',
  paymentPassword: '135790',
};

describe('validateBankCard', () => {
  it('takes a bank card and an e-wallet', () => {
    expect(compactAccountNumber('123-4 56789-0')).toBe('1234567890');
    expect(validateBankCard(FIELDS, 'bank', 'somchai  JAIDEE')).toEqual({});
    expect(validateBankCard({ ...FIELDS, accountNumber: '0812345678' }, 'ewallet', null)).toEqual(
      {},
    );
  });

  it('names each problem', () => {
    expect(
      validateBankCard({ ...FIELDS, accountName: 'Someone Else' }, 'bank', 'Somchai Jaidee'),
    ).toEqual({
      accountName: 'errors.PAYEE_NAME_MISMATCH',
    });
    expect(validateBankCard({ ...FIELDS, accountNumber: '12ab' }, 'bank', null).accountNumber).toBe(
      'withdrawal.payee.invalidAccountNumber',
    );
    expect(
      validateBankCard({ ...FIELDS, accountNumber: 'a b' }, 'ewallet', null).accountNumber,
    ).toBe('withdrawal.payee.invalidWalletId');
    expect(validateBankCard({ ...FIELDS, bankName: '' }, 'bank', null).bankName).toBe(
      'validation.required',
    );
    expect(validateBankCard({ ...FIELDS, bankName: '$$$' }, 'bank', null).bankName).toBe(
      'withdrawal.payee.invalidBankName',
    );
    expect(validateBankCard({ ...FIELDS, accountName: '12345' }, 'bank', null).accountName).toBe(
      'withdrawal.payee.invalidName',
    );
    expect(validateBankCard({ ...FIELDS, paymentPassword: '' }, 'bank', null).paymentPassword).toBe(
      'validation.required',
    );
  });
});
