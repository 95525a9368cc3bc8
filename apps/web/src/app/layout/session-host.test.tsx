/**
 * The session in the shell: a login that must change its password (123456, first login,
 * expired) gets the change-password popup, which cannot be closed and comes before login info;
 * the change reloads login info, closes it and goes to /. A 401 sends the member to log in.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changePasswordRequest } from '@/features/auth/api/change-password';
import { loginRequest } from '@/features/auth/api/login';
import {
  gameMenusFixture,
  loginValueFixture,
  memberInfoFixture,
  permissionFixture,
  ruleFixture,
} from '@/test/fixtures';
import { askedRequests } from '@/test/api-server';
import { TestProviders } from '@/test/render';
import { refusal, serveApi } from '@/test/serve-api';
import { buildRoutes } from '../router';

vi.mock('@/features/auth/api/login', () => ({ loginRequest: vi.fn() }));
vi.mock('@/features/auth/api/change-password', () => ({ changePasswordRequest: vi.fn() }));
// The proof of work is the server's business; here any proof will do.
vi.mock('@/features/auth/utils/human-proof', () => ({
  solveHumanProof: vi.fn(() => Promise.resolve({ proof: 'cHJvb2Y=' })),
}));
const login = vi.mocked(loginRequest);
const changePassword = vi.mocked(changePasswordRequest);

const storedKeys = () => Object.keys(sessionStorage);

const memberInfoReads = () => askedRequests('/wps/member/info').length;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  serveApi({
    '/lgw/games/game_menus': { menus: gameMenusFixture },
    '/wps/content/banners': { list: [] },
    '/wps/content/notices': {
      list: [],
      pageNo: 1,
      pageSize: 7,
      total: 0,
      totalPages: 0,
      totalCapped: false,
      nextCursor: null,
      prevCursor: null,
    },
    '/wps/system/domainRoute': { mainDomain: 'lanna.localhost', mirrors: [] },
    '/wps/member/info': memberInfoFixture(),
    '/wps/member/info/icon': { iconUrl: 'data:image/svg+xml;base64,PHN2Zy8+' },
  });
});
afterEach(() => {
  vi.useRealTimers();
  login.mockReset();
  changePassword.mockReset();
});

const renderAt = (path: string) => {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  const permission = permissionFixture({ registerRules: { password: ruleFixture(18, 8, 20) } });
  render(
    <TestProviders permission={permission}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return router;
};

describe('session host', () => {
  it('opens the change-password popup, not closable, when the login must change its password', async () => {
    login.mockResolvedValueOnce(loginValueFixture({ mustChangePassword: true }));
    changePassword.mockResolvedValueOnce({ signedOutSessions: 0 });
    const router = renderAt('/login');
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await act(() => vi.advanceTimersByTimeAsync(150));

    await user.type(await screen.findByTestId('login-username'), 'demo_reset');
    await user.type(screen.getByTestId('login-password'), '123456');
    await user.click(screen.getByTestId('login-submit'));
    await act(() => vi.advanceTimersByTimeAsync(150));

    const popup = await screen.findByTestId('modal-changePasswordModal');
    expect(router.state.location.pathname).toBe('/');
    expect(popup.querySelector('[data-testid="modal-close"]')).toBeNull();
    expect(await screen.findByTestId('change-password-forced')).toBeInTheDocument();
    // The password just typed is known: the popup does not ask for it again.
    expect(screen.queryByTestId('change-password-old')).toBeNull();
    expect(memberInfoReads()).toBe(0);
    await user.keyboard('{Escape}');
    expect(screen.getByTestId('modal-changePasswordModal')).toBeInTheDocument();

    await user.type(screen.getByTestId('change-password-new'), 'NewPass@2030');
    await user.type(screen.getByTestId('change-password-confirm'), 'NewPass@2030');
    await user.click(screen.getByTestId('change-password-submit'));

    await waitFor(() => expect(screen.queryByTestId('modal-changePasswordModal')).toBeNull());
    expect(changePassword).toHaveBeenCalledWith({
      oldPassword: '123456',
      newPassword: 'NewPass@2030',
      confirmNewPassword: 'NewPass@2030',
    });
    expect(memberInfoReads()).toBeGreaterThan(0);
    expect(sessionStorage.getItem('passwordChangeRequired')).toBeNull();
    expect(await screen.findByTestId('header-account')).toBeInTheDocument();
  });

  it('reopens the popup after a reload while the change is pending', async () => {
    sessionStorage.setItem('token', 'stored-token');
    sessionStorage.setItem('passwordChangeRequired', '1');
    renderAt('/');
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(await screen.findByTestId('modal-changePasswordModal')).toBeInTheDocument();
    // The old password is no longer known after a reload: it is asked for.
    expect(await screen.findByTestId('change-password-old')).toBeInTheDocument();
  });

  it('ends the session on a 401 and opens the login popup, remembering the page', async () => {
    sessionStorage.setItem('token', 'expired-token');
    sessionStorage.setItem('merchant', 'lanna');
    serveApi({
      '/wps/member/info': () => refusal(401, 'UNAUTHORIZED'),
      '/lgw/games/game_menus': { menus: gameMenusFixture },
    });
    const router = renderAt('/member');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?from=%2Fmember');
    expect(storedKeys()).toEqual(['merchant']);
  });
});
