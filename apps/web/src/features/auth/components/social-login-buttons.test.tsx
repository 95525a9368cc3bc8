// The login popup's social buttons: one per provider the merchant enabled, none when it offers
// none, and a click that leaves for the provider's sign-in page (or says why it cannot).
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/api-error';
import { askedRequests } from '@/test/api-server';
import { renderWithProviders } from '@/test/render';
import { serveApi } from '@/test/serve-api';
import { startSocialLoginRequest } from '../api/start-social-login';
import { leaveFor } from '../utils/leave-for';
import { SocialLoginButtons } from './social-login-buttons';

vi.mock('../api/start-social-login', () => ({ startSocialLoginRequest: vi.fn() }));
vi.mock('../utils/leave-for', () => ({ leaveFor: vi.fn() }));
const start = vi.mocked(startSocialLoginRequest);
const leave = vi.mocked(leaveFor);

const PROVIDERS = '/wps/session/social/providers';
const withProviders = (providers: { key: string; displayName: string }[]) =>
  serveApi({ [PROVIDERS]: { providers } });

afterEach(() => {
  start.mockReset();
  leave.mockReset();
});

describe('SocialLoginButtons', () => {
  it("shows a button per provider, in the merchant's order", async () => {
    withProviders([
      { key: 'line', displayName: 'LINE' },
      { key: 'local', displayName: 'Local ID' },
    ]);
    renderWithProviders(<SocialLoginButtons />);
    expect(await screen.findByTestId('social-login-line')).toHaveTextContent('Continue with LINE');
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => button.dataset.testid)).toEqual([
      'social-login-line',
      'social-login-local',
    ]);
  });

  it('shows nothing when the merchant offers no provider', async () => {
    withProviders([]);
    renderWithProviders(<SocialLoginButtons />);
    await waitFor(() => expect(askedRequests(PROVIDERS)).toHaveLength(1));
    expect(screen.queryByTestId('social-login')).toBeNull();
  });

  it("leaves for the provider's sign-in page", async () => {
    withProviders([{ key: 'local', displayName: 'Local ID' }]);
    start.mockResolvedValue({ authorizationUrl: 'http://localhost/local-oidc/auth?state=s' });
    renderWithProviders(<SocialLoginButtons />);
    await userEvent.setup().click(await screen.findByTestId('social-login-local'));
    expect(start).toHaveBeenCalledWith('local');
    expect(leave).toHaveBeenCalledWith('http://localhost/local-oidc/auth?state=s');
  });

  it('says so when the provider cannot be reached, and lets the visitor try again', async () => {
    withProviders([{ key: 'google', displayName: 'Google' }]);
    start.mockRejectedValue(new ApiError('SOCIAL_PROVIDER_UNAVAILABLE', { status: 502 }));
    renderWithProviders(<SocialLoginButtons />);
    const button = await screen.findByTestId('social-login-google');
    await userEvent.setup().click(button);
    expect(await screen.findByTestId('social-login-error')).toHaveTextContent(
      'The sign-in service cannot be reached right now.',
    );
    expect(leave).not.toHaveBeenCalled();
    expect(button).toBeEnabled();
  });
});
