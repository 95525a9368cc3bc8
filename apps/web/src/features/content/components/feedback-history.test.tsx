// The member's feedback history pages as every list does (decision 016): the next and previous
// pages by the cursors a page handed out, a far page by its number, a capped count as 10,000+.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { askedQueries } from '@/test/api-server';
import { renderWithProviders } from '@/test/render';
import { serveApi } from '@/test/serve-api';
import { FeedbackHistory } from './feedback-history';

const PAGE = {
  list: [
    {
      id: 7,
      questionType: 'withdraw',
      content: 'My withdrawal has not arrived.',
      imageCount: 0,
      status: 'replied',
      reply: 'Sent again.',
      createdAt: '2026-03-01T05:00:00.000Z',
      repliedAt: '2026-03-01T06:00:00.000Z',
    },
  ],
  pageNo: 1,
  pageSize: 10,
  total: 10_000,
  totalPages: 1000,
  totalCapped: true,
  nextCursor: 'a.1772341200000000.7',
  prevCursor: 'b.1772341200000000.7',
};

describe('FeedbackHistory', () => {
  it('asks for the next and previous pages by cursor and a far page by its number', async () => {
    serveApi({ '/wps/feedback': PAGE });
    const user = userEvent.setup();
    renderWithProviders(<FeedbackHistory token="t0k3n" timeZone="Asia/Bangkok" />);
    await screen.findByTestId('feedback-entry');
    expect(screen.getByTestId('feedback-pages-total')).toHaveTextContent('10,000+');
    const last = () => askedQueries('/wps/feedback').at(-1);

    await user.click(screen.getByTestId('feedback-pages-page-2'));
    await waitFor(() => expect(last()?.get('pageNo')).toBe('2'));
    expect(last()?.get('cursor')).toBe(PAGE.nextCursor);
    await user.click(screen.getByTestId('feedback-pages-page-1000'));
    await waitFor(() => expect(last()?.get('pageNo')).toBe('1000'));
    expect(last()?.has('cursor')).toBe(false);
    await user.click(await screen.findByTestId('feedback-pages-page-999'));
    await waitFor(() => expect(last()?.get('pageNo')).toBe('999'));
    expect(last()?.get('cursor')).toBe(PAGE.prevCursor);
  });
});
