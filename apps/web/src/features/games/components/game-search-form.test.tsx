// The game search box: Enter sends the name trimmed, the clear button sends an empty search,
// and a name the list query would refuse is named beside the box instead of being sent.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { GameSearchForm } from './game-search-form';

const render = (initial = '') => {
  const onSearch = vi.fn();
  renderWithProviders(
    <GameSearchForm initial={initial} onSearch={onSearch} placeholder="Search" testId="search" />,
  );
  return { onSearch, user: userEvent.setup() };
};

describe('GameSearchForm', () => {
  it('sends the name trimmed on Enter, and an empty search when cleared', async () => {
    const { onSearch, user } = render();
    await user.type(screen.getByTestId('search-input'), '  fortune tiger {Enter}');
    expect(onSearch).toHaveBeenLastCalledWith('fortune tiger');
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(onSearch).toHaveBeenLastCalledWith('');
    expect(screen.getByTestId('search-input')).toHaveValue('');
  });

  it('names a refused name instead of sending it', async () => {
    const { onSearch, user } = render();
    await user.type(screen.getByTestId('search-input'), '!!{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please check this field.');
    expect(screen.getByTestId('search-input')).toHaveAttribute('aria-invalid', 'true');
    expect(onSearch).not.toHaveBeenCalled();
  });
});
