// The ticker's message button: its spoken name holds the unread figure the badge shows (axe's
// label-content-name-mismatch), and it opens the messages.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { NoticeTicker } from './notice-ticker';

describe('NoticeTicker', () => {
  it('names the message button with the unread count it shows, and opens the messages', async () => {
    const onOpenMessages = vi.fn();
    renderWithProviders(
      <NoticeTicker
        notices={[]}
        timeZone="Asia/Bangkok"
        onOpenNotice={vi.fn()}
        onOpenMessages={onOpenMessages}
        // The page composes the messages feature's badge in: a figure that shows.
        unreadBadge={<span data-testid="notice-unread-badge">3</span>}
      />,
    );
    const button = screen.getByRole('button', { name: 'Messages 3' });
    await userEvent.setup().click(button);
    expect(onOpenMessages).toHaveBeenCalled();
  });
});
