// The home's live pieces as a visitor sees them: the winner carousel shows the server's masked
// winners with their games and amounts (before the first win, a row saying there are none), the
// jackpot counter shows the real pool (and nothing when it cannot be read), and the right panel's figures show
// members online and cumulative winnings.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { askedQueries, askedRequests } from '@/test/api-server';
import { renderWithProviders } from '@/test/render';
import { serveApi } from '@/test/serve-api';
import { JackpotCounter } from './jackpot-counter';
import { LiveFigures, ProviderList } from './live-figures';
import { WinnerCarousel } from './winner-carousel';

const currency = { currency: 'THB', currencySymbol: '฿', currencyDecimals: 2 };

const winner = (customerName: string, winAmountMinor: string) => ({
  vo: {
    customerName,
    winAmountMinor,
    gameName: 'Lanna Fortune Reels',
    iconUrl: '/media/games/1-abc.svg',
    gameId: 'lanna-slot',
    gameType: 'RNG',
    vassalage: 'HOUSE',
    wonAt: '2026-03-01T05:00:00.000Z',
  },
});

describe('WinnerCarousel', () => {
  it('shows each winner masked as the server sent it, with the game and the amount', async () => {
    serveApi({
      '/lgw/live/winners': {
        ...currency,
        list: [winner('de***r', '2500000'), winner('ab***d', '12345')],
      },
    });
    renderWithProviders(<WinnerCarousel timeZone="Asia/Bangkok" />);
    const names = await screen.findAllByTestId('winner-name');
    expect(names.map((name) => name.textContent)).toEqual(['de***r', 'ab***d']);
    const amounts = screen.getAllByTestId('winner-amount').map((a) => a.textContent);
    expect(amounts).toEqual(['฿ 25,000.00', '฿ 123.45']);
    expect(screen.getAllByText('Lanna Fortune Reels')).toHaveLength(2);
    // Each card is a slide a screen reader names and counts.
    const slides = screen.getAllByRole('group');
    expect(slides.map((slide) => slide.getAttribute('aria-label'))).toEqual([
      'Slide 1 of 2',
      'Slide 2 of 2',
    ]);
    expect(slides[0]).toHaveAttribute('aria-roledescription', 'slide');
  });

  it("opens the winner board of 50 from 'See all'", async () => {
    serveApi({ '/lgw/live/winners': { ...currency, list: [winner('de***r', '2500000')] } });
    renderWithProviders(<WinnerCarousel timeZone="Asia/Bangkok" />);
    await userEvent.setup().click(await screen.findByTestId('winner-board-open'));
    const board = await screen.findByTestId('winner-board');
    const row = within(board).getByTestId('winner-board-row');
    expect(row).toHaveTextContent('de***r');
    expect(row).toHaveTextContent('฿ 25,000.00');
    // 05:00 UTC is 12:00 in Bangkok.
    expect(row).toHaveTextContent('2026/03/01 12:00');
    const limits = askedQueries().map((query) => query.get('limitNum'));
    expect(limits).toEqual(['20', '50']);
  });

  it('asks the server for the carousel size in the interface language', async () => {
    serveApi({ '/lgw/live/winners': { ...currency, list: [] } });
    renderWithProviders(<WinnerCarousel timeZone="Asia/Bangkok" />);
    await waitFor(() => expect(askedQueries()).toHaveLength(1));
    const query = askedQueries()[0]!;
    expect(query.get('limitNum')).toBe('20');
    expect(query.get('gameCategory')).toBe('ALL');
    expect(query.get('language')).toBe('EN');
    // No made-up wins: the row says there are none yet, and keeps its place.
    expect(await screen.findByTestId('winner-placeholder')).toHaveTextContent(
      'No wins yet: the latest real wins appear here.',
    );
    expect(screen.queryByTestId('winner-card')).not.toBeInTheDocument();
  });
});

describe('JackpotCounter', () => {
  it('shows the real pool with its symbol and 2 decimals', async () => {
    serveApi({
      '/wps/game/jackpot': {
        ...currency,
        amountMinor: '12345678901',
        readAt: '2026-03-01T05:00:00.000Z',
      },
    });
    renderWithProviders(<JackpotCounter />);
    expect(await screen.findByTestId('jackpot-amount')).toHaveTextContent('฿123,456,789.01');
  });

  it('shows no counter when the pool cannot be read', async () => {
    serveApi({});
    renderWithProviders(<JackpotCounter />);
    await waitFor(() => expect(askedRequests()).not.toHaveLength(0));
    await waitFor(() =>
      expect(screen.queryByTestId('jackpot-counter-loading')).not.toBeInTheDocument(),
    );
    expect(screen.queryByTestId('jackpot-counter')).not.toBeInTheDocument();
  });
});

describe('LiveFigures', () => {
  it('shows members online and the cumulative winnings', async () => {
    serveApi({
      '/lgw/live/figures': {
        ...currency,
        onlineCount: 1234,
        cumulativeWinningsMinor: '987654321',
        readAt: '2026-03-01T05:00:00.000Z',
      },
    });
    renderWithProviders(<LiveFigures />);
    await waitFor(() => expect(screen.getByTestId('live-online')).toHaveTextContent('1,234'));
    expect(screen.getByTestId('live-winnings')).toHaveTextContent('฿ 9,876,543.21');
  });

  it('lists the first 12 providers', () => {
    const providers = Array.from({ length: 14 }, (_, i) => ({
      vassalage: `V${i}`,
      displayName: `Provider ${i}`,
      color: '#123456',
    }));
    renderWithProviders(<ProviderList providers={providers} />);
    const list = screen.getByTestId('live-providers');
    expect(list.querySelectorAll('li')).toHaveLength(12);
    expect(list).toHaveTextContent('Provider 11');
    expect(list).not.toHaveTextContent('Provider 12');
  });
});
