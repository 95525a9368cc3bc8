// The second verification of a held-back login: six digits for the app, then the login finishes.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { loginValueFixture } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { completeSecondVerificationRequest } from '../api/complete-second-verification';
import { SecondVerificationForm } from './second-verification-form';

vi.mock('../api/complete-second-verification', () => ({
  completeSecondVerificationRequest: vi.fn(),
}));
vi.mock('../hooks/use-complete-sign-in', () => ({
  useCompleteSignIn: () => () => Promise.resolve({ passwordChangeRequired: false }),
}));
const complete = vi.mocked(completeSecondVerificationRequest);

const CHALLENGE = {
  verificationId: 'a3f1c2b9-8a8e-4c8e-9a51-0b6f7c1d2e3f',
  methods: ['totp' as const],
  maskedMobile: null,
  maskedEmail: null,
  expiresAt: '2030-01-01T00:05:00.000Z',
};

describe('SecondVerificationForm', () => {
  it('asks for six digits, then finishes the login with the code', async () => {
    complete.mockResolvedValueOnce(loginValueFixture());
    const onSignedIn = vi.fn();
    renderWithProviders(
      <SecondVerificationForm challenge={CHALLENGE} onSignedIn={onSignedIn} onCancel={vi.fn()} />,
    );
    const user = userEvent.setup();
    await user.type(screen.getByTestId('second-verification-code'), '12a3');
    await user.click(screen.getByTestId('second-verification-submit'));
    expect(await screen.findByText('Please enter a valid verification code.')).toBeInTheDocument();
    expect(complete).not.toHaveBeenCalled();

    await user.type(screen.getByTestId('second-verification-code'), '456');
    await user.click(screen.getByTestId('second-verification-submit'));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith({ passwordChangeRequired: false }));
    expect(complete).toHaveBeenCalledWith({
      verificationId: CHALLENGE.verificationId,
      method: 'totp',
      code: '123456',
    });
  });
});
