// The unread badge as a member sees it: the count of one box or of both, '99+' beyond 99, and
// no badge at all when nothing is unread or the count cannot be read.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestQueryClient, renderWithProviders } from '@/test/render';
import { serveApi } from '@/test/serve-api';
import { unreadMessagesQuery } from '../api/messages';
import { UnreadBadge } from './unread-badge';

const stubUnread = (platform: number, internal: number) =>
  serveApi({ '/wps/member/messages/unread': { platform, internal, total: platform + internal } });

describe('UnreadBadge', () => {
  it('counts both boxes, or one when asked', async () => {
    stubUnread(2, 3);
    renderWithProviders(
      <>
        <UnreadBadge token="t" testId="all" />
        <UnreadBadge token="t" kind="internal" testId="internal" />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('all')).toHaveTextContent('5'));
    expect(screen.getByTestId('internal')).toHaveTextContent('3');
    // What a screen reader reads: the sentence, not a bare figure.
    expect(within(screen.getByTestId('all')).getByText('5 unread messages')).toHaveClass(
      'visually-hidden',
    );
    expect(screen.getByTestId('all')).not.toHaveAttribute('aria-label');
  });

  it("shows '99+' beyond 99", async () => {
    stubUnread(150, 0);
    renderWithProviders(<UnreadBadge token="t" testId="all" />);
    await waitFor(() => expect(screen.getByTestId('all')).toHaveTextContent('99+'));
  });

  it('shows nothing when nothing is unread, or when the count cannot be read', async () => {
    stubUnread(0, 0);
    const queryClient = createTestQueryClient();
    const key = unreadMessagesQuery('t').queryKey;
    const { unmount } = renderWithProviders(<UnreadBadge token="t" testId="all" />, {
      queryClient,
    });
    await waitFor(() => expect(queryClient.getQueryState(key)?.status).toBe('success'));
    expect(screen.queryByTestId('all')).not.toBeInTheDocument();
    unmount();

    serveApi({});
    const failing = createTestQueryClient();
    renderWithProviders(<UnreadBadge token="t" testId="all" />, { queryClient: failing });
    await waitFor(() => expect(failing.getQueryState(key)?.status).toBe('error'));
    expect(screen.queryByTestId('all')).not.toBeInTheDocument();
  });
});
