// Logout (spec section 4): confirm, the logout call, session storage cleared except the
// merchant value, and a replace-navigation to the given page.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '@/test/render';
import { LogoutDialog } from './logout-dialog';

afterEach(() => vi.unstubAllGlobals());

describe('LogoutDialog', () => {
  it('logs out, keeps only the merchant in session storage and replaces the page with /', async () => {
    const fetch = vi.fn(stubFetch({ '/wps/session/logout': { loggedOut: true } }));
    vi.stubGlobal('fetch', fetch);
    sessionStorage.setItem('token', 't0k3n');
    sessionStorage.setItem('merchant', 'lanna');
    sessionStorage.setItem('HOT_GAMES', '[]');
    const router = createMemoryRouter(
      [
        { path: '/', element: <p>home</p> },
        {
          path: '/member',
          element: <LogoutDialog open onCancel={vi.fn()} redirectTo="/" />,
        },
      ],
      { initialEntries: ['/', '/member'], initialIndex: 1 },
    );
    renderWithProviders(<RouterProvider router={router} />);
    const user = userEvent.setup();

    expect(await screen.findByText('Are you sure you want to log out?')).toBeInTheDocument();
    expect(screen.getByTestId('logout-cancel')).toHaveTextContent('Cancel');
    await user.click(screen.getByTestId('logout-confirm'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.historyAction).toBe('REPLACE');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/wps/session/logout');
    expect(init.method).toBe('DELETE');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer t0k3n');
    expect(Object.keys(sessionStorage)).toEqual(['merchant']);
    expect(sessionStorage.getItem('merchant')).toBe('lanna');
  });
});
