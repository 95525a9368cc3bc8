// The payment password form's rules, the same as the server's: the current secret, six digits,
// the confirmation equal, and a change that changes something; each problem is named in words
// beside its field, and nothing is sent until all hold.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { changePaymentPasswordRequest, setPaymentPasswordRequest } from '../api/payment-password';
import { PaymentPasswordForm } from './payment-password-form';

vi.mock('../api/payment-password', async (original) => ({
  ...(await original<typeof import('../api/payment-password')>()),
  setPaymentPasswordRequest: vi.fn(),
  changePaymentPasswordRequest: vi.fn(),
}));
const setRequest = vi.mocked(setPaymentPasswordRequest);
const changeRequest = vi.mocked(changePaymentPasswordRequest);

beforeEach(() => {
  setRequest.mockReset();
  changeRequest.mockReset();
});

const fill = async (
  mode: 'set' | 'change',
  fields: Record<'current' | 'new' | 'confirm', string>,
) => {
  const user = userEvent.setup();
  for (const [name, value] of Object.entries(fields)) {
    const input = screen.getByTestId(`payment-password-${mode}-${name}`);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
  await user.click(screen.getByTestId(`payment-password-${mode}-submit`));
};

const field = (mode: 'set' | 'change', name: string) =>
  screen.getByTestId(`payment-password-${mode}-${name}`);

describe('PaymentPasswordForm', () => {
  it('sends six digits confirmed, with the sign-in password', async () => {
    setRequest.mockResolvedValue({ isSet: true, lockedUntil: null });
    const onDone = vi.fn();
    renderWithProviders(<PaymentPasswordForm token="t0k3n" mode="set" onDone={onDone} />);
    await fill('set', { current: 'Login@1', new: '135790', confirm: '135790' });
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(setRequest).toHaveBeenCalledWith({
      loginPassword: 'Login@1',
      newPaymentPassword: '135790',
      confirmPaymentPassword: '135790',
    });
  });

  it('names each problem', async () => {
    renderWithProviders(<PaymentPasswordForm token="t0k3n" mode="set" onDone={() => {}} />);
    await fill('set', { current: '', new: '', confirm: '' });
    for (const name of ['current', 'new', 'confirm'])
      await waitFor(() =>
        expect(field('set', name)).toHaveAccessibleDescription('Input cannot be empty.'),
      );
    await fill('set', { current: 'x', new: '12345a', confirm: '12345a' });
    await waitFor(() => expect(field('set', 'new')).toHaveAccessibleDescription('Six digits'));
    expect(field('set', 'new')).toHaveAttribute('aria-invalid', 'true');
    await fill('set', { current: 'x', new: '135790', confirm: '135791' });
    await waitFor(() =>
      expect(field('set', 'confirm')).toHaveAccessibleDescription(
        'The two passwords are inconsistent.',
      ),
    );
    expect(field('set', 'new')).toHaveAttribute('aria-invalid', 'false');
    expect(setRequest).not.toHaveBeenCalled();
  });

  it('refuses a change that changes nothing', async () => {
    renderWithProviders(<PaymentPasswordForm token="t0k3n" mode="change" onDone={() => {}} />);
    await fill('change', { current: '135790', new: '135790', confirm: '135790' });
    await waitFor(() =>
      expect(field('change', 'new')).toHaveAccessibleDescription(
        'The new password must be different from the current one.',
      ),
    );
    expect(changeRequest).not.toHaveBeenCalled();
  });
});
