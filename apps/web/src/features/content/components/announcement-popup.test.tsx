// Proves the announcements pop-up of spec section 4: it shows the audience's announcements,
// closing it stores the closed flag for the session under that audience's key so it does not
// come back, another audience still gets its own, and an empty list shows nothing.
import type { Announcement } from '@lanna/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { askedQueries } from '@/test/api-server';
import { renderWithProviders } from '@/test/render';
import { serveApi } from '@/test/serve-api';
import type { AnnouncementAudience } from '../utils/announcement-audience';
import { AnnouncementPopup } from './announcement-popup';

const announcement = (execution: Announcement['execution']): Announcement => ({
  id: execution.charCodeAt(0),
  title: `For ${execution}`,
  content: '<p>Hello</p>',
  promotionType: 'PR',
  execution,
  timestamp: '2026-03-01T00:00:00.000Z',
});

const ANNOUNCEMENTS = '/wps/content/announcements';

const serve = (byExecution: Partial<Record<Announcement['execution'], Announcement[]>>) =>
  serveApi({
    [ANNOUNCEMENTS]: ({ request }) => {
      const execution = new URL(request.url).searchParams.get('execution');
      const list = byExecution[execution as Announcement['execution']] ?? [];
      return {
        list,
        pageNo: 1,
        pageSize: 9,
        total: list.length,
        totalPages: 1,
        totalCapped: false,
        nextCursor: null,
        prevCursor: null,
      };
    },
  });

/** The audiences whose announcements were asked for, oldest first. */
const requested = () => askedQueries(ANNOUNCEMENTS).map((query) => query.get('execution'));

const VISITOR: AnnouncementAudience = { execution: 'B', userKey: 'anonymous' };
const MEMBER: AnnouncementAudience = { execution: 'A', userKey: 'member:7' };

const show = (audience: AnnouncementAudience) =>
  renderWithProviders(
    <MemoryRouter>
      <AnnouncementPopup audience={audience} timeZone="Asia/Bangkok" />
    </MemoryRouter>,
  );

describe('AnnouncementPopup', () => {
  it('shows a visitor announcement until it is closed, then not again this session', async () => {
    serve({ B: [announcement('B')], A: [announcement('A')] });
    const first = show(VISITOR);
    expect(await screen.findByTestId('modal-announcementModal')).toHaveTextContent('For B');
    await userEvent.click(screen.getByTestId('modal-close'));
    await waitFor(() => expect(screen.queryByTestId('modal-announcementModal')).toBeNull());
    first.unmount();

    show(VISITOR);
    // Closed for this audience: not even asked for again.
    await new Promise((wake) => setTimeout(wake, 50));
    expect(screen.queryByTestId('modal-announcementModal')).toBeNull();
    expect(requested()).toEqual(['B']);
  });

  it("still shows a member's own announcements after the visitor closed theirs", async () => {
    serve({ B: [announcement('B')], A: [announcement('A')] });
    sessionStorage.setItem('announcementsClosed:B:anonymous', '1');
    show(MEMBER);
    expect(await screen.findByTestId('modal-announcementModal')).toHaveTextContent('For A');
  });

  it('shows nothing when the audience has no announcements', async () => {
    serve({ B: [announcement('B')] });
    show(MEMBER);
    await waitFor(() => expect(requested()).toEqual(['A']));
    expect(screen.queryByTestId('modal-announcementModal')).toBeNull();
  });
});
