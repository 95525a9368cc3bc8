// Logout (spec section 4): confirm, the logout call, session storage cleared except the
// merchant value, and a replace-navigation to the given page.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { askedRequests } from '@/test/api-server';
import { renderWithProviders } from '@/test/render';
import { serveApi } from '@/test/serve-api';
import { LogoutDialog } from './logout-dialog';

describe('LogoutDialog', () => {
  it('logs out, keeps only the merchant in session storage and replaces the page with /', async () => {
    serveApi({ '/wps/session/logout': { loggedOut: true } });
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
    const [logout] = askedRequests();
    expect([logout?.method, logout?.path]).toEqual(['DELETE', '/wps/session/logout']);
    expect(logout?.request.headers.get('Authorization')).toBe('Bearer t0k3n');
    expect(Object.keys(sessionStorage)).toEqual(['merchant']);
    expect(sessionStorage.getItem('merchant')).toBe('lanna');
  });
});
