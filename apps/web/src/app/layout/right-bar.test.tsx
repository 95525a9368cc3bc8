// Proves the right bar's shortcuts (spec section 2): only configured resources show; LINE opens
// the merchant's LINE customer-service entries (one straight away, several through the LINE
// list pop-up) in a 440 x 750 window, and without any it opens the LINE resource in a new tab.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { permissionFixture } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { RightBar } from './right-bar';

const LINE_RESOURCE = {
  LINE: { resourceType: 'LINE' as const, labelNameEn: 'LINE', url: 'https://line.me/R/ti/p/@res' },
};
const lineEntry = (n: number) => ({
  csType: 'LINE',
  title: `LINE desk ${n}`,
  path: `https://line.me/R/ti/p/@desk${n}`,
});

const open = vi.fn();
beforeEach(() => {
  open.mockReset();
  vi.stubGlobal('open', open);
});
afterEach(() => vi.unstubAllGlobals());

const bar = (customerService: ReturnType<typeof lineEntry>[], resources = LINE_RESOURCE) =>
  renderWithProviders(
    <MemoryRouter>
      <RightBar />
    </MemoryRouter>,
    { permission: permissionFixture({ customerService, resources }) },
  );

describe('RightBar', () => {
  it('shows only the configured shortcuts', () => {
    bar([]);
    expect(screen.getByTestId('right-bar-LINE')).toBeInTheDocument();
    expect(screen.queryByTestId('right-bar-FACEBOOK')).toBeNull();
  });

  it('opens the LINE list pop-up when there are several LINE entries', async () => {
    bar([lineEntry(1), lineEntry(2)]);
    await userEvent.click(screen.getByTestId('right-bar-LINE'));
    const list = await screen.findByTestId('line-service-list');
    expect(
      within(list)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['LINE desk 1', 'LINE desk 2']);
    await userEvent.click(within(list).getByText('LINE desk 2'));
    expect(open).toHaveBeenCalledWith(
      'https://line.me/R/ti/p/@desk2',
      'customerService',
      expect.stringContaining('width=440,height=750'),
    );
    await waitFor(() => expect(screen.queryByTestId('line-service-list')).toBeNull());
  });

  it('opens a single LINE entry at once in the service window', async () => {
    bar([lineEntry(1)]);
    await userEvent.click(screen.getByTestId('right-bar-LINE'));
    expect(open).toHaveBeenCalledWith(
      'https://line.me/R/ti/p/@desk1',
      'customerService',
      expect.stringContaining('width=440,height=750'),
    );
  });

  it('links the LINE resource in a new tab when there is no LINE entry', () => {
    bar([]);
    const link = screen.getByTestId('right-bar-LINE');
    expect(link).toHaveAttribute('href', 'https://line.me/R/ti/p/@res');
    expect(link).toHaveAttribute('target', '_blank');
  });
});
