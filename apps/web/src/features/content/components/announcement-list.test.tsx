// Proves the /announce list (spec section 9): 9 announcements a page asked of the server, at
// most 5 page links however many pages there are, the newest open and the rest a click away; a
// far page is asked for by its number, the next one by the cursor the page handed out.
import type { Announcement } from '@lanna/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { askedQueries } from '@/test/api-server';
import { renderWithProviders } from '@/test/render';
import { serveApi } from '@/test/serve-api';
import { AnnouncementList } from './announcement-list';

const TOTAL_PAGES = 12;

const announcement = (page: number, index: number): Announcement => ({
  id: page * 100 + index,
  title: `Page ${page} item ${index}`,
  content: `<p>Body ${page}.${index}</p>`,
  promotionType: 'PR',
  execution: 'A',
  timestamp: '2026-03-01T00:00:00.000Z',
});

const serve = () =>
  serveApi({
    '/wps/content/announcements': ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('pageNo'));
      return {
        list: Array.from({ length: 9 }, (_, index) => announcement(page, index)),
        pageNo: page,
        pageSize: 9,
        total: TOTAL_PAGES * 9,
        totalPages: TOTAL_PAGES,
        totalCapped: false,
        nextCursor: `a.1772323200000000.${page * 100 + 8}`,
        prevCursor: page > 1 ? `b.1772323200000000.${page * 100}` : null,
      };
    },
  });

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
    const [first] = askedQueries('/wps/content/announcements');
    expect([first?.get('pageNo'), first?.get('pageSize'), first?.get('execution')]).toEqual([
      '1',
      '9',
      'A',
    ]);
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
    expect(askedQueries('/wps/content/announcements').at(-1)?.has('cursor')).toBe(false);
    // The next page by the cursor page 4 handed out.
    await userEvent.click(screen.getByTestId('announcement-pagination-page-5'));
    await waitFor(() =>
      expect(askedQueries('/wps/content/announcements').at(-1)?.get('cursor')).toBe(
        'a.1772323200000000.408',
      ),
    );
  });
});
