// The bank card and e-wallet form's rules, the contract's own: names in letters, the account
// name equal to the profile's payee name (case and spacing aside), account numbers of digits
// once spaces and hyphens are dropped, wallet ids, and the payment password; each problem is
// named beside its field and nothing is sent until all hold.
import type { PayeeAccountKind } from '@lanna/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { bindBankCardRequest, bindEWalletRequest } from '../api/bank-cards';
import { BankCardForm, bankCardSchema, compactAccountNumber } from './bank-card-form';

vi.mock('../api/bank-cards', async (original) => ({
  ...(await original<typeof import('../api/bank-cards')>()),
  bindBankCardRequest: vi.fn(),
  bindEWalletRequest: vi.fn(),
}));
const bindCard = vi.mocked(bindBankCardRequest);
const bindWallet = vi.mocked(bindEWalletRequest);

beforeEach(() => {
  bindCard.mockReset();
  bindWallet.mockReset();
});

type Fields = Partial<Record<'bank-name' | 'account-name' | 'account-number' | 'password', string>>;

const FIELDS: Fields = {
  'bank-name': 'Kasikorn Bank',
  'account-name': 'Somchai Jaidee',
  'account-number': '123-4-56789-0',
  password: '135790',
};

const field = (kind: PayeeAccountKind, name: keyof Fields) =>
  screen.getByTestId(`bind-${kind}-${name}`);

/** Renders the form, types `fields` (replacing what is there) and submits. */
const bind = async (kind: PayeeAccountKind, payeeName: string | null, fields: Fields) => {
  const onBound = vi.fn();
  renderWithProviders(
    <BankCardForm token="t0k3n" kind={kind} payeeName={payeeName} onBound={onBound} />,
  );
  const user = userEvent.setup();
  for (const [name, value] of Object.entries(fields) as [keyof Fields, string][]) {
    if (kind === 'ewallet' && name === 'bank-name') continue;
    await user.clear(field(kind, name));
    if (value) await user.type(field(kind, name), value);
  }
  await user.click(screen.getByTestId(`bind-${kind}-submit`));
  return onBound;
};

describe('BankCardForm', () => {
  it('binds a bank card, its number without spaces or hyphens', async () => {
    expect(compactAccountNumber('123-4 56789-0')).toBe('1234567890');
    bindCard.mockResolvedValue({} as never);
    const onBound = await bind('bank', null, FIELDS);
    await waitFor(() => expect(onBound).toHaveBeenCalledOnce());
    expect(bindCard).toHaveBeenCalledWith({
      bankName: 'Kasikorn Bank',
      accountName: 'Somchai Jaidee',
      accountNumber: '1234567890',
      paymentPassword: '135790',
    });
  });

  it('takes an e-wallet by its wallet id', async () => {
    bindWallet.mockResolvedValue({} as never);
    await bind('ewallet', null, { ...FIELDS, 'account-number': '0812345678' });
    await waitFor(() =>
      expect(bindWallet).toHaveBeenCalledWith({
        walletType: 'TRUEMONEY',
        walletId: '0812345678',
        accountName: 'Somchai Jaidee',
        paymentPassword: '135790',
      }),
    );
  });

  it("takes the profile's payee name whatever its case and spacing, and no other", () => {
    const values = {
      bankName: 'Kasikorn Bank',
      walletType: 'TRUEMONEY',
      accountName: 'Somchai Jaidee',
      accountNumber: '1234567890',
      paymentPassword: '135790',
    };
    expect(bankCardSchema('bank', 'somchai  JAIDEE').safeParse(values).success).toBe(true);
    const [issue] =
      bankCardSchema('bank', 'Somchai Jaidee').safeParse({ ...values, accountName: 'Someone Else' })
        .error?.issues ?? [];
    expect(issue?.path).toEqual(['accountName']);
    expect(issue?.code === 'custom' && issue.params).toEqual({
      message: { key: 'errors.PAYEE_NAME_MISMATCH' },
    });
  });

  it('names each problem of a bank card', async () => {
    await bind('bank', null, {
      'bank-name': '$$$',
      'account-name': '12345',
      'account-number': '12ab',
      password: '',
    });
    await waitFor(() =>
      expect(field('bank', 'bank-name')).toHaveAccessibleDescription(
        'Enter the bank name in letters',
      ),
    );
    expect(field('bank', 'account-name')).toHaveAccessibleDescription(
      'Enter the name as on the account, in letters',
    );
    expect(field('bank', 'account-number')).toHaveAccessibleDescription('6 to 24 digits');
    expect(field('bank', 'password')).toHaveAccessibleDescription('Input cannot be empty.');
    await userEvent.setup().clear(field('bank', 'bank-name'));
    await waitFor(() =>
      expect(field('bank', 'bank-name')).toHaveAccessibleDescription('Input cannot be empty.'),
    );
    expect(bindCard).not.toHaveBeenCalled();
  });

  it('names a bad wallet id', async () => {
    await bind('ewallet', 'Somchai Jaidee', { 'account-number': 'a b', password: '135790' });
    await waitFor(() =>
      expect(field('ewallet', 'account-number')).toHaveAccessibleDescription(
        '4 to 64 letters, digits or @ . _ + -',
      ),
    );
    expect(bindWallet).not.toHaveBeenCalled();
  });
});
