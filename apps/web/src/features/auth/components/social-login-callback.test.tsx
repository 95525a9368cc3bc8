// The callback page's work: what the provider put on the address goes to the server once, the
// answer signs the member in, and a refusal or an unknown state shows its message.
import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/api-error';
import { getSessionToken } from '@/lib/session';
import { loginValueFixture, memberInfoFixture } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { serveApi } from '@/test/serve-api';
import { completeSocialLoginRequest } from '../api/complete-social-login';
import { SocialLoginCallback, socialCallbackBodyOf } from './social-login-callback';

vi.mock('../api/complete-social-login', () => ({ completeSocialLoginRequest: vi.fn() }));
const complete = vi.mocked(completeSocialLoginRequest);

const renderAt = (search: string) => {
  const onSignedIn = vi.fn();
  renderWithProviders(
    <MemoryRouter initialEntries={[`/social/callback${search}`]}>
      <SocialLoginCallback onSignedIn={onSignedIn} />
    </MemoryRouter>,
  );
  return onSignedIn;
};

beforeEach(() => {
  serveApi({ '/wps/member/info': memberInfoFixture() });
});
afterEach(() => {
  complete.mockReset();
  sessionStorage.clear();
});

describe('socialCallbackBodyOf', () => {
  it('reads the state with the code and issuer, or with the provider error', () => {
    expect(socialCallbackBodyOf('?code=c1&state=s1&iss=http%3A%2F%2Fx')).toEqual({
      state: 's1',
      code: 'c1',
      iss: 'http://x',
    });
    expect(socialCallbackBodyOf('?error=access_denied&error_description=no&state=s')).toEqual({
      state: 's',
      error: 'access_denied',
      errorDescription: 'no',
    });
    expect(socialCallbackBodyOf('?code=c1')).toBeNull();
  });
});

describe('SocialLoginCallback', () => {
  it('finishes the sign-in once and signs the member in, never forcing a password change', async () => {
    complete.mockResolvedValue(loginValueFixture({ token: 'social-token' }));
    const onSignedIn = renderAt('?code=c1&state=s1&iss=http%3A%2F%2Flocalhost%2Flocal-oidc');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith({ passwordChangeRequired: false }));
    expect(complete).toHaveBeenCalledTimes(1);
    expect(complete).toHaveBeenCalledWith({
      state: 's1',
      code: 'c1',
      iss: 'http://localhost/local-oidc',
    });
    expect(getSessionToken()).toBe('social-token');
  });

  it("shows the provider's refusal", async () => {
    complete.mockRejectedValue(new ApiError('SOCIAL_LOGIN_REFUSED', { status: 400 }));
    const onSignedIn = renderAt('?error=access_denied&state=s1');
    expect(await screen.findByTestId('social-callback-error')).toHaveTextContent(
      'The sign-in was cancelled or refused by the provider.',
    );
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('says the sign-in must start again when the address has no state', async () => {
    renderAt('');
    expect(await screen.findByTestId('social-callback-error')).toHaveTextContent(
      'This sign-in has expired or was started elsewhere.',
    );
    expect(complete).not.toHaveBeenCalled();
  });
});
