// The chat room as a member sees it: the latest messages as plain text (markup shows as typed
// and never becomes elements), its own messages marked, a composer that counts characters and
// says how long to wait when sending too fast, a read-only room for a trial or a muted member,
// and the external chat's button when the merchant uses one.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { refusal, serveApi } from '@/test/serve-api';
import { ChatRoom } from './chat-room';

const launch = (overrides: Record<string, unknown> = {}) => ({
  chatUrl: null,
  memberId: 7,
  canSend: true,
  mutedUntil: null,
  maxLength: 200,
  ...overrides,
});

const message = (id: number, authorId: number, text: string) => ({
  id,
  authorId,
  author: authorId === 7 ? 'Me Myself' : 'Other One',
  text,
  sentAt: '2026-11-22T07:30:00.000Z',
});

const XSS = '<img src=x onerror="window.hacked=1"><script>window.hacked=2</script>';

describe('ChatRoom', () => {
  it('shows the history as plain text and marks the member’s own messages', async () => {
    serveApi({
      '/wps/live/chat': launch(),
      '/wps/chat/messages': { messages: [message(1, 3, XSS), message(2, 7, 'hi all')] },
    });
    const { container } = renderWithProviders(<ChatRoom token="t0k3n" timeZone="Asia/Bangkok" />);
    const items = await screen.findAllByTestId('chat-message');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(XSS);
    expect(items[0]).toHaveTextContent('Other One');
    expect(items[1]).toHaveTextContent('You');
    expect(container.querySelector('img, script')).toBeNull();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
    expect(items[0]).toHaveTextContent('14:30');
  });

  it('sends a message, shows it, and clears the composer', async () => {
    serveApi({
      'POST /wps/chat/messages': async ({ request }) => {
        const { text } = (await request.json()) as { text: string };
        return message(5, 7, text.trim());
      },
      '/wps/live/chat': launch(),
      '/wps/chat/messages': { messages: [] },
    });
    const user = userEvent.setup();
    renderWithProviders(<ChatRoom token="t0k3n" timeZone="Asia/Bangkok" />);
    expect(await screen.findByTestId('chat-empty')).toBeInTheDocument();
    const input = screen.getByTestId('chat-input');
    expect(screen.getByTestId('chat-send')).toBeDisabled();
    await user.type(input, '  hello <b>room</b>{Enter}');
    expect(await screen.findByTestId('chat-message')).toHaveTextContent('hello <b>room</b>');
    expect(input).toHaveValue('');
  });

  it('counts characters and refuses more than 200', async () => {
    serveApi({ '/wps/live/chat': launch(), '/wps/chat/messages': { messages: [] } });
    const user = userEvent.setup();
    renderWithProviders(<ChatRoom token="t0k3n" timeZone="Asia/Bangkok" />);
    const input = await screen.findByTestId('chat-input');
    await user.click(input);
    await user.paste('ก'.repeat(201));
    expect(screen.getByText('201/200')).toBeInTheDocument();
    expect(screen.getByTestId('chat-send')).toBeDisabled();
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('says how long to wait when the member sends too fast', async () => {
    serveApi({
      'POST /wps/chat/messages': () =>
        refusal(429, 'RATE_LIMITED', { requestId: 'r1', retryAfterSeconds: 7 }),
      '/wps/live/chat': launch(),
      '/wps/chat/messages': { messages: [] },
    });
    const user = userEvent.setup();
    renderWithProviders(<ChatRoom token="t0k3n" timeZone="Asia/Bangkok" />);
    await user.type(await screen.findByTestId('chat-input'), 'again{Enter}');
    expect(await screen.findByTestId('chat-error')).toHaveTextContent(
      'You are sending too fast. Try again in 7 s.',
    );
    expect(screen.getByTestId('chat-input')).toHaveValue('again');
  });

  it('lets a trial read without a composer, and tells a muted member until when', async () => {
    serveApi({
      '/wps/live/chat': launch({ canSend: false }),
      '/wps/chat/messages': { messages: [message(1, 3, 'hello')] },
    });
    const { unmount } = renderWithProviders(<ChatRoom token="t0k3n" timeZone="Asia/Bangkok" />);
    expect(await screen.findByTestId('chat-read-only')).toHaveTextContent('Trial accounts');
    expect(screen.queryByTestId('chat-input')).toBeNull();
    unmount();

    serveApi({
      '/wps/live/chat': launch({ canSend: false, mutedUntil: '2026-11-22T08:00:00.000Z' }),
      '/wps/chat/messages': { messages: [] },
    });
    renderWithProviders(<ChatRoom token="t0k3n" timeZone="Asia/Bangkok" />);
    expect(await screen.findByTestId('chat-read-only')).toHaveTextContent(
      'You are muted in the chat until 2026/11/22 15:00.',
    );
  });

  it('offers the external chat instead of the room when the merchant uses one', async () => {
    serveApi({ '/wps/live/chat': launch({ chatUrl: 'https://chat.example.test/x' }) });
    renderWithProviders(<ChatRoom token="t0k3n" timeZone="Asia/Bangkok" />);
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Open chat' })).toHaveAttribute(
        'href',
        'https://chat.example.test/x',
      ),
    );
    expect(screen.queryByTestId('chat-room')).toBeNull();
  });
});
