// The mission activity's red badge as a member sees it: how many missions they can claim now,
// read out as a sentence; nothing when there is nothing to claim.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { askedRequests } from '@/test/api-server';
import { renderWithProviders } from '@/test/render';
import { serveApi } from '@/test/serve-api';
import { MissionBadge } from './mission-badge';

const serveMissions = (claimableCount: number) =>
  serveApi({ '/wps/member/missions': { list: [], claimableCount } });

describe('MissionBadge', () => {
  it('counts the missions the member can claim now', async () => {
    serveMissions(2);
    renderWithProviders(<MissionBadge token="t" testId="missions" />);
    await waitFor(() => expect(screen.getByTestId('missions')).toHaveTextContent('2'));
    expect(within(screen.getByTestId('missions')).getByText('2 missions to claim')).toHaveClass(
      'visually-hidden',
    );
  });

  it('shows nothing when there is nothing to claim', async () => {
    serveMissions(0);
    renderWithProviders(<MissionBadge token="t" testId="missions" />);
    await waitFor(() => expect(askedRequests('/wps/member/missions')).toHaveLength(1));
    expect(screen.queryByTestId('missions')).toBeNull();
  });
});
