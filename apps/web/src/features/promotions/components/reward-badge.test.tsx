// The reward centre's red badge as a member sees it: how many activities they can claim now,
// read out as a sentence; nothing when there is nothing to claim.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { askedRequests } from '@/test/api-server';
import { renderWithProviders } from '@/test/render';
import { serveApi } from '@/test/serve-api';
import { RewardBadge } from './reward-badge';

const serveAvailable = (ids: number[]) =>
  serveApi({
    '/wps/member/promotions/available': {
      availablePromoCount: ids.length,
      availablePromo: ids.map((id) => ({ id, title: `Activity ${id}` })),
    },
  });

describe('RewardBadge', () => {
  it('counts the activities the member can claim now', async () => {
    serveAvailable([3, 7]);
    renderWithProviders(<RewardBadge token="t" testId="rewards" />);
    await waitFor(() => expect(screen.getByTestId('rewards')).toHaveTextContent('2'));
    expect(within(screen.getByTestId('rewards')).getByText('2 rewards to claim')).toHaveClass(
      'visually-hidden',
    );
  });

  it('shows nothing when there is nothing to claim', async () => {
    serveAvailable([]);
    renderWithProviders(<RewardBadge token="t" testId="rewards" />);
    await waitFor(() => expect(askedRequests('/wps/member/promotions/available')).toHaveLength(1));
    expect(screen.queryByTestId('rewards')).toBeNull();
  });
});
