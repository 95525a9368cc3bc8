// Proves the /announce list (spec section 9): 9 announcements a page asked of the server, at
// most 5 page links however many pages there are, the newest open and the rest a click away.
import type { Announcement } from '@lanna/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { AnnouncementList } from './announcement-list';

const TOTAL_PAGES = 12;
const asked: { pageNo: string | null; pageSize: string | null; execution: string | null }[] = [];

const announcement = (page: number, index: number): Announcement => ({
  id: page * 100 + index,
  title: `Page ${page} item ${index}`,
  content: `<p>Body ${page}.${index}</p>`,
  promotionType: 'PR',
  execution: 'A',
  timestamp: '2026-03-01T00:00:00.000Z',
});

afterEach(() => {
  vi.unstubAllGlobals();
  asked.length = 0;
});

const serve = () =>
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      const params = url.searchParams;
      asked.push({
        pageNo: params.get('pageNo'),
        pageSize: params.get('pageSize'),
        execution: params.get('execution'),
      });
      const page = Number(params.get('pageNo'));
      const value = {
        list: Array.from({ length: 9 }, (_, index) => announcement(page, index)),
        totalPages: TOTAL_PAGES,
      };
      return Promise.resolve(
        new Response(JSON.stringify({ success: true, code: 'OK', message: 'ok', value }), {
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );

describe('AnnouncementList', () => {
  it('asks for 9 a page of its audience and shows at most 5 page links', async () => {
    serve();
    renderWithProviders(
      <AnnouncementList
        audience={{ execution: 'A', userKey: 'member:1' }}
        timeZone="Asia/Bangkok"
      />,
    );
    const items = await screen.findAllByTestId('announcement-item');
    expect(items).toHaveLength(9);
    expect(asked[0]).toEqual({ pageNo: '1', pageSize: '9', execution: 'A' });
    expect(items[0]).toHaveAttribute('open');
    expect(items[1]).not.toHaveAttribute('open');
    const pager = screen.getByTestId('announcement-pagination');
    const pageLinks = () =>
      within(pager)
        .getAllByRole('button')
        .filter((button) => /^\d+$/.test(button.textContent));
    expect(pageLinks()).toHaveLength(5);
    await userEvent.click(screen.getByTestId('announcement-pagination-page-4'));
    await waitFor(() =>
      expect(screen.getAllByTestId('announcement-item')[0]).toHaveTextContent('Page 4'),
    );
    expect(pageLinks().map((button) => button.textContent)).toEqual(['2', '3', '4', '5', '6']);
  });
});
