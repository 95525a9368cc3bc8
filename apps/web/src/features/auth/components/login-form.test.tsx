// The login form: the required fields of spec section 5, the mobile-code tab's own checks, and
// the captcha that appears (and loads) once a failed login answers CAPTCHA_REQUIRED.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/api-error';
import { loginValueFixture, memberInfoFixture } from '@/test/fixtures';
import { askedRequests } from '@/test/api-server';
import { renderWithProviders } from '@/test/render';
import { serveApi } from '@/test/serve-api';
import { loginRequest } from '../api/login';
import { LoginForm } from './login-form';

vi.mock('../api/login', () => ({ loginRequest: vi.fn() }));
const login = vi.mocked(loginRequest);
// Each solved proof is distinct, as the server's single-use challenges are.
let proofsSolved = 0;
vi.mock('../utils/human-proof', () => ({
  solveHumanProof: vi.fn(() => {
    proofsSolved += 1;
    return Promise.resolve({ proof: btoa(`proof-${proofsSolved}`) });
  }),
}));

const CAPTCHA = {
  captchaId: '4f1c2b9e-8a8e-4c8e-9a51-0b6f7c1d2e3f',
  image: 'data:image/svg+xml;base64,PHN2Zy8+',
  expiresAt: '2030-01-01T00:02:00.000Z',
};

const renderForm = (codeLogin = false) => {
  const onSignedIn = vi.fn();
  renderWithProviders(
    <MemoryRouter>
      <LoginForm area="site" codeLogin={codeLogin} onSignedIn={onSignedIn} />
    </MemoryRouter>,
  );
  return { onSignedIn, user: userEvent.setup() };
};

beforeEach(() => {
  serveApi({ '/wps/captcha': CAPTCHA, '/wps/member/info': memberInfoFixture() });
});
afterEach(() => {
  login.mockReset();
});

describe('LoginForm', () => {
  it('asks for the username and the password before calling the server', async () => {
    const { user } = renderForm();
    await user.click(screen.getByTestId('login-submit'));
    expect(screen.getByText('Please enter your username.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password.')).toBeInTheDocument();
    expect(screen.getByTestId('login-username')).toHaveAttribute('aria-invalid', 'true');
    expect(login).not.toHaveBeenCalled();
    expect(screen.queryByTestId('login-captcha')).toBeNull();
  });

  it('checks the mobile number and the code on the mobile-code tab', async () => {
    const { user } = renderForm(true);
    await user.click(screen.getByTestId('login-tab-mobile'));
    await user.type(screen.getByTestId('login-mobile'), '12');
    await user.type(screen.getByTestId('login-code'), '123');
    await user.click(screen.getByTestId('login-submit'));
    expect(screen.getByText('Please enter a valid mobile number.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid verification code.')).toBeInTheDocument();
    expect(login).not.toHaveBeenCalled();
  });

  it('shows and loads the captcha when a failed login asks for it, then requires it', async () => {
    login.mockRejectedValueOnce(
      new ApiError('CAPTCHA_REQUIRED', { status: 400, captchaRequired: true }),
    );
    const { user } = renderForm();
    await user.type(screen.getByTestId('login-username'), 'demo_member');
    await user.type(screen.getByTestId('login-password'), 'Demo@12345');
    await user.click(screen.getByTestId('login-submit'));

    expect(await screen.findByTestId('login-captcha')).toBeInTheDocument();
    expect(screen.getByTestId('login-error')).toHaveTextContent('Please enter the captcha.');
    await waitFor(() =>
      expect(screen.getByAltText('Captcha image')).toHaveAttribute('src', CAPTCHA.image),
    );

    await user.click(screen.getByTestId('login-submit'));
    expect(screen.getByText('Please enter the captcha.', { selector: 'p' })).toBeInTheDocument();
    expect(login).toHaveBeenCalledTimes(1);

    login.mockResolvedValueOnce(loginValueFixture());
    await user.type(screen.getByTestId('login-captcha'), 'x7k2');
    await user.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(login).toHaveBeenCalledTimes(2));
    expect(login).toHaveBeenLastCalledWith({
      username: 'demo_member',
      password: 'Demo@12345',
      type: 'username',
      captcha: 'x7k2',
      captchaId: CAPTCHA.captchaId,
      humanVerification: { proof: expect.any(String) as string },
    });
    // A proof is spent by the login that carries it: the retry solved a new one.
    const [first, second] = login.mock.calls.map(([payload]) => payload.humanVerification.proof);
    expect(second).not.toBe(first);
  });

  it('signs in: stores the token and loads member info before saying so', async () => {
    login.mockResolvedValueOnce(loginValueFixture({ token: 't0k3n' }));
    const { user, onSignedIn } = renderForm();
    await user.type(screen.getByTestId('login-username'), 'demo_member');
    await user.type(screen.getByTestId('login-password'), 'Demo@12345');
    await user.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith({ passwordChangeRequired: false }));
    expect(sessionStorage.getItem('token')).toBe('t0k3n');
    expect(askedRequests('/wps/member/info')).not.toHaveLength(0);
  });
});
