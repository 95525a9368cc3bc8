// Proves the notice pop-up of spec sections 2 and 4: 7 titles a page with pagination only when
// there is more than one page, a global notice index opening on its page and item, a new page
// selecting its first notice, 'to promotion' closing the pop-up before it leads on, dates as
// YYYY/MM/DD and operator HTML rendered without anything that could run.
import type { Notice } from '@lanna/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { serveApi } from '@/test/serve-api';
import { NoticePopup } from './notice-popup';

const notice = (index: number): Notice => ({
  id: 100 - index,
  title: `Notice ${index}`,
  content: `<p>Body ${index}</p><img src="x" onerror="window.__xss = 1">`,
  // 2026-03-0X 20:00 UTC is the next day in Bangkok (GMT+7).
  timestamp: `2026-03-${String(20 - index).padStart(2, '0')}T20:00:00.000Z`,
});

/** Answers GET /wps/content/notices from `total` notices, paged as the server pages them. */
const serveNotices = (total: number) => {
  const all = Array.from({ length: total }, (_, index) => notice(index));
  serveApi({
    '/wps/content/notices': ({ request }) => {
      const query = new URL(request.url).searchParams;
      const pageNo = Number(query.get('pageNo') ?? '1');
      const pageSize = Number(query.get('pageSize') ?? '7');
      return {
        list: all.slice((pageNo - 1) * pageSize, pageNo * pageSize),
        pageNo,
        pageSize,
        total,
        totalPages: Math.ceil(total / pageSize),
        totalCapped: false,
        nextCursor: null,
        prevCursor: null,
      };
    },
  });
};

const popup = (noticeIndex: number, handlers = { onClose: vi.fn(), onToPromotion: vi.fn() }) =>
  renderWithProviders(
    <NoticePopup open noticeIndex={noticeIndex} timeZone="Asia/Bangkok" {...handlers} />,
  );

const titles = () => within(screen.getByTestId('notice-titles')).getAllByRole('button');
const current = () => titles().find((button) => button.getAttribute('aria-current') === 'true');

describe('NoticePopup', () => {
  it('opens a global notice index on its page and item', async () => {
    serveNotices(10);
    popup(8);
    await waitFor(() => expect(titles()).toHaveLength(3));
    expect(current()).toHaveTextContent('Notice 8');
    expect(screen.getByTestId('notice-article')).toHaveTextContent('Body 8');
  });

  it('lists 7 a page and selects the first notice of a new page', async () => {
    serveNotices(10);
    popup(2);
    await waitFor(() => expect(titles()).toHaveLength(7));
    expect(current()).toHaveTextContent('Notice 2');
    await userEvent.click(screen.getByTestId('notice-pagination-page-2'));
    await waitFor(() => expect(titles()).toHaveLength(3));
    expect(current()).toHaveTextContent('Notice 7');
  });

  it('shows no pagination with a single page', async () => {
    serveNotices(5);
    popup(0);
    await waitFor(() => expect(titles()).toHaveLength(5));
    expect(screen.queryByTestId('notice-pagination')).toBeNull();
  });

  it('dates notices YYYY/MM/DD in the merchant zone and strips what could run', async () => {
    serveNotices(3);
    popup(0);
    await waitFor(() => expect(current()).toHaveTextContent('2026/03/21'));
    const html = screen.getByTestId('notice-content').innerHTML;
    expect(html).toContain('<p>Body 0</p>');
    expect(html).not.toContain('onerror');
  });

  it("closes before 'to promotion' leads to the reward tab", async () => {
    serveNotices(3);
    const calls: string[] = [];
    popup(0, {
      onClose: vi.fn(() => calls.push('close')),
      onToPromotion: vi.fn(() => calls.push('promotion')),
    });
    await userEvent.click(await screen.findByTestId('notice-to-promotion'));
    expect(calls).toEqual(['close', 'promotion']);
  });
});
