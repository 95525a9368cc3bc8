// The member's message box as a member uses it: unread messages are marked and counted in the
// badge, opening one reads it, 'mark all read' clears the box's count, a delete asks first and
// removes the message, operator HTML is shown without anything that could run, the next and
// previous pages are asked for by the cursors a page handed out, and an empty or unreadable box
// says so.
import type { MemberMessage, UnreadMessages } from '@lanna/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { askedQueries, askedRequests } from '@/test/api-server';
import { renderWithProviders } from '@/test/render';
import { serveApi } from '@/test/serve-api';
import { MessageBox } from './message-box';
import { UnreadBadge } from './unread-badge';

const message = (id: string, read: boolean, content = '<p>Hello</p>'): MemberMessage => ({
  id,
  kind: 'internal',
  title: `Message ${id}`,
  content,
  createdAt: '2026-03-01T05:00:00.000Z',
  read,
});

/** A server holding one internal box: it answers the message calls from its own state. */
const fakeServer = (initial: MemberMessage[]) => {
  let box = [...initial];
  const unread = (): UnreadMessages => {
    const internal = box.filter((m) => !m.read).length;
    return { internal, platform: 0, total: internal };
  };
  serveApi({
    '/wps/member/messages/unread': unread,
    '/wps/member/messages/read-all': () => {
      box = box.map((m) => ({ ...m, read: true }));
      return unread();
    },
    '/wps/member/messages/:id/read': ({ params }) => {
      box = box.map((m) => (m.id === params.id ? { ...m, read: true } : m));
      return unread();
    },
    'DELETE /wps/member/messages/:id': ({ params }) => {
      box = box.filter((m) => m.id !== params.id);
      return unread();
    },
    '/wps/member/messages': () => ({
      list: box,
      pageNo: 1,
      pageSize: 10,
      total: box.length,
      totalPages: box.length > 0 ? 1 : 0,
      totalCapped: false,
      nextCursor: null,
      prevCursor: null,
      unread: unread(),
    }),
  });
};

/** Each request the box made, as 'METHOD /path'. */
const calls = () => askedRequests().map(({ method, path }) => `${method} ${path}`);

const renderBox = () =>
  renderWithProviders(
    <>
      <UnreadBadge token="t0k3n" testId="badge" />
      <MessageBox token="t0k3n" kind="internal" timeZone="Asia/Bangkok" />
    </>,
  );

describe('MessageBox', () => {
  it('marks unread messages, and reading one lowers the badge', async () => {
    fakeServer([message('2', false), message('1', true)]);
    const user = userEvent.setup();
    renderBox();
    const unreadRow = await screen.findByTestId('message-2');
    expect(unreadRow).toHaveAttribute('data-read', 'false');
    expect(screen.getByTestId('message-1')).toHaveAttribute('data-read', 'true');
    await waitFor(() => expect(screen.getByTestId('badge')).toHaveTextContent('1'));
    // Dates in the merchant's zone: 05:00 UTC is 12:00 in Bangkok.
    expect(within(unreadRow).getByText('2026/03/01 12:00')).toBeInTheDocument();

    await user.click(within(unreadRow).getByRole('button', { name: /Message 2/ }));
    expect(within(unreadRow).getByTestId('message-content')).toHaveTextContent('Hello');
    await waitFor(() => expect(screen.queryByTestId('badge')).not.toBeInTheDocument());
    expect(calls()).toContain('POST /wps/member/messages/2/read');
    await waitFor(() =>
      expect(screen.getByTestId('message-2')).toHaveAttribute('data-read', 'true'),
    );
  });

  it("reads the whole box with 'mark all read'", async () => {
    fakeServer([message('3', false), message('2', false)]);
    const user = userEvent.setup();
    renderBox();
    await waitFor(() => expect(screen.getByTestId('badge')).toHaveTextContent('2'));
    await user.click(screen.getByTestId('message-read-all'));
    await waitFor(() => expect(screen.queryByTestId('badge')).not.toBeInTheDocument());
    expect(calls()).toContain('POST /wps/member/messages/read-all');
    await waitFor(() => expect(screen.getByTestId('message-read-all')).toBeDisabled());
  });

  it('deletes a message only after the member confirms', async () => {
    fakeServer([message('5', true), message('4', true)]);
    const user = userEvent.setup();
    renderBox();
    await user.click(await screen.findByRole('button', { name: /Message 5/ }));
    await user.click(screen.getByTestId('message-delete'));
    await user.click(await screen.findByTestId('message-delete-cancel'));
    await waitFor(() =>
      expect(screen.queryByTestId('message-delete-cancel')).not.toBeInTheDocument(),
    );
    expect(calls().filter((call) => call.startsWith('DELETE'))).toEqual([]);
    await user.click(screen.getByTestId('message-delete'));
    await user.click(await screen.findByTestId('message-delete-confirm'));
    await waitFor(() => expect(screen.queryByTestId('message-5')).not.toBeInTheDocument());
    expect(calls()).toContain('DELETE /wps/member/messages/5');
    expect(screen.getByTestId('message-4')).toBeInTheDocument();
  });

  it('shows operator HTML without scripts or event handlers', async () => {
    fakeServer([
      message(
        '7',
        true,
        '<p>Safe <b>text</b></p><img src="x" onerror="window.__xss=1"><script>window.__xss=1</script>',
      ),
    ]);
    const user = userEvent.setup();
    renderBox();
    await user.click(await screen.findByRole('button', { name: /Message 7/ }));
    const content = screen.getByTestId('message-content');
    expect(content.innerHTML).toContain('<b>text</b>');
    expect(content.innerHTML).not.toMatch(/onerror|script/i);
  });

  it('asks for the next and previous pages by cursor, and a far page by its number', async () => {
    const page = {
      list: [message('9', true)],
      pageNo: 1,
      pageSize: 10,
      total: 10_000,
      totalPages: 1000,
      totalCapped: true,
      nextCursor: 'a.1772341200000000.9',
      prevCursor: 'b.1772341200000000.9',
      unread: { internal: 0, platform: 0, total: 0 },
    };
    serveApi({ '/wps/member/messages/unread': page.unread, '/wps/member/messages': page });
    const user = userEvent.setup();
    renderBox();
    await screen.findByTestId('message-9');
    expect(screen.getByTestId('message-pagination-total')).toHaveTextContent('10,000+');
    const boxQueries = () => askedQueries('/wps/member/messages');

    await user.click(screen.getByTestId('message-pagination-page-2'));
    await waitFor(() => expect(boxQueries().at(-1)?.get('pageNo')).toBe('2'));
    expect(boxQueries().at(-1)?.get('cursor')).toBe(page.nextCursor);
    await user.click(screen.getByTestId('message-pagination-page-1'));
    await waitFor(() => expect(boxQueries().at(-1)?.get('pageNo')).toBe('1'));
    expect(boxQueries().at(-1)?.has('cursor')).toBe(false);
    await user.click(screen.getByTestId('message-pagination-page-1000'));
    await waitFor(() => expect(boxQueries().at(-1)?.get('pageNo')).toBe('1000'));
    expect(boxQueries().at(-1)?.has('cursor')).toBe(false);
    await user.click(await screen.findByTestId('message-pagination-page-999'));
    await waitFor(() => expect(boxQueries().at(-1)?.get('pageNo')).toBe('999'));
    expect(boxQueries().at(-1)?.get('cursor')).toBe(page.prevCursor);
  });

  it("says 'no data' for an empty box", async () => {
    fakeServer([]);
    renderBox();
    expect(await screen.findByText('No data')).toBeInTheDocument();
    expect(screen.getByTestId('message-read-all')).toBeDisabled();
  });

  it('offers a retry when the box cannot be read', async () => {
    serveApi({ '/wps/member/messages': () => new HttpResponse('nope', { status: 500 }) });
    renderBox();
    const error = await screen.findByTestId('message-box-error');
    expect(within(error).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
