// The betting record and profit and loss as a member uses them: rounds with their game, vendor,
// category and signed, coloured result in the merchant's zone, the totals of the selection; the
// category, vendor, date and page filters each ask the server again (a category drops a vendor
// not in it); an empty answer says 'No data'.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { askedQueries } from '@/test/api-server';
import { renderWithProviders } from '@/test/render';
import { serveApi } from '@/test/serve-api';
import { BettingRecord } from './betting-record';
import { ProfitLoss } from './profit-loss';

const round = (roundId: string, overrides: Record<string, unknown> = {}) => ({
  vendorCode: 'HOUSE',
  vendorName: 'Lanna House Games',
  gameType: 'RNG',
  roundId,
  gameCode: 'lanna-slot',
  gameName: 'Lanna Fortune Reels',
  status: 'settled',
  betMinor: '1000',
  validBetMinor: '1000',
  winMinor: '2500',
  profitMinor: '1500',
  openedAt: '2026-03-01T18:00:00.000Z',
  closedAt: '2026-03-01T18:00:01.000Z',
  ...overrides,
});

const totals = {
  rounds: 2,
  betMinor: '1500',
  validBetMinor: '1500',
  winMinor: '2500',
  profitMinor: '1000',
};
const PAGE = {
  currency: 'THB',
  currencySymbol: '฿',
  currencyDecimals: 2,
  pageNo: 1,
  pageSize: 20,
  total: 41,
  totalPages: 3,
  totalCapped: false,
  nextCursor: 'a.1772388000000000.7',
  prevCursor: null,
  totals,
  list: [
    round('r2'),
    round('r1', {
      vendorCode: 'JILI',
      vendorName: 'JILI Fishing',
      gameType: 'FISH',
      gameName: 'Ocean King',
      betMinor: '500',
      validBetMinor: '500',
      winMinor: '0',
      profitMinor: '-500',
    }),
  ],
};
const MENUS = {
  menus: [
    {
      gameCategory: 'RNG',
      title: 'categories.RNG',
      route: '/rng',
      vendors: [
        {
          vassalage: 'HOUSE',
          displayName: 'Lanna House Games',
          gameType: 'RNG',
          maintenance: false,
        },
        { vassalage: 'JILI', displayName: 'JILI Games', gameType: 'RNG', maintenance: false },
      ],
    },
    {
      gameCategory: 'FISH',
      title: 'categories.FISH',
      route: '/fish',
      vendors: [
        { vassalage: 'JILI', displayName: 'JILI Fishing', gameType: 'FISH', maintenance: false },
      ],
    },
  ],
};
const PROFIT_LOSS = {
  currency: 'THB',
  currencySymbol: '฿',
  currencyDecimals: 2,
  from: '2026-03-04',
  to: '2026-03-10',
  days: [
    { day: '2026-03-02', ...totals },
    { day: '2026-03-01', ...totals, profitMinor: '-200' },
  ],
  categories: [
    { gameType: 'RNG', ...totals },
    { gameType: null, ...totals, profitMinor: '0' },
  ],
  totals,
};

const RECORDS = '/wps/member/records/betting';
const lastRecordQuery = () => askedQueries(RECORDS).at(-1);

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-03-10T05:00:00Z') });
  serveApi({
    [RECORDS]: PAGE,
    '/wps/member/records/profit-loss': PROFIT_LOSS,
    '/lgw/games/game_menus': MENUS,
  });
});
afterEach(() => vi.useRealTimers());

describe('BettingRecord', () => {
  it('shows each round with its game, vendor, results and the totals of the selection', async () => {
    renderWithProviders(<BettingRecord token="t" timeZone="Asia/Bangkok" />);
    const rows = await screen.findAllByTestId('betting-record-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByText('Lanna Fortune Reels')).toBeInTheDocument();
    expect(first.getByText('Lanna House Games · Slots')).toBeInTheDocument();
    // 18:00 UTC is 01:00 the next day in Bangkok.
    expect(first.getByText('2026/03/02 01:00')).toBeInTheDocument();
    expect(first.getByText('+15.00')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('-5.00')).toBeInTheDocument();
    expect(screen.getByTestId('betting-record-totals-bet')).toHaveTextContent('15.00');
    expect(screen.getByTestId('betting-record-totals-win')).toHaveTextContent('25.00');
    expect(screen.getByTestId('betting-record-totals-profit')).toHaveTextContent('+10.00');
    // The default range is the last 7 days, today included, in the merchant's zone.
    const query = askedQueries(RECORDS)[0]!;
    expect([query.get('from'), query.get('to'), query.get('pageNo')]).toEqual([
      '2026-03-04',
      '2026-03-10',
      '1',
    ]);
  });

  it('asks again for a page, a vendor, a category and a preset, each filter from page 1', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    renderWithProviders(<BettingRecord token="t" timeZone="Asia/Bangkok" />);
    await screen.findAllByTestId('betting-record-row');

    await user.click(screen.getByTestId('betting-record-pages-page-2'));
    await waitFor(() => expect(lastRecordQuery()?.get('pageNo')).toBe('2'));
    // The next page is read by the cursor the first one handed out (decision 016).
    expect(lastRecordQuery()?.get('cursor')).toBe(PAGE.nextCursor);

    await waitFor(() =>
      expect(
        within(screen.getByTestId('betting-record-vendor')).getAllByRole('option'),
      ).toHaveLength(3),
    );
    await user.selectOptions(screen.getByTestId('betting-record-vendor'), 'HOUSE');
    await waitFor(() => expect(lastRecordQuery()?.get('vassalage')).toBe('HOUSE'));
    expect(lastRecordQuery()?.get('pageNo')).toBe('1');

    // Fishing has no HOUSE: choosing it drops the vendor.
    await user.selectOptions(screen.getByTestId('betting-record-category'), 'FISH');
    await waitFor(() => expect(lastRecordQuery()?.get('gameType')).toBe('FISH'));
    expect(lastRecordQuery()?.get('vassalage')).toBeNull();
    const vendorOptions = within(screen.getByTestId('betting-record-vendor')).getAllByRole(
      'option',
    );
    expect(vendorOptions.map((option) => option.textContent)).toEqual([
      'All vendors',
      'JILI Fishing',
    ]);

    await user.click(screen.getByTestId('betting-record-dates-last30'));
    await waitFor(() => expect(lastRecordQuery()?.get('from')).toBe('2026-02-09'));
  });

  it('says No data for an empty selection', async () => {
    serveApi({
      [RECORDS]: { ...PAGE, list: [], total: 0, totalPages: 0 },
      '/lgw/games/game_menus': MENUS,
    });
    renderWithProviders(<BettingRecord token="t" timeZone="Asia/Bangkok" />);
    expect(await screen.findByText('No data')).toBeInTheDocument();
    expect(screen.queryByTestId('betting-record-pages')).toBeNull();
  });
});

describe('ProfitLoss', () => {
  it('shows the results by category and by day with their totals', async () => {
    renderWithProviders(<ProfitLoss token="t" timeZone="Asia/Bangkok" />);
    const categories = await screen.findAllByTestId('profit-loss-categories-row');
    expect(categories.map((row) => row.firstChild?.textContent)).toEqual(['Slots', 'Other games']);
    const days = screen.getAllByTestId('profit-loss-days-row');
    expect(days.map((row) => row.firstChild?.textContent)).toEqual(['2026/03/02', '2026/03/01']);
    expect(within(days[1]!).getByText('-2.00')).toBeInTheDocument();
    expect(screen.getByTestId('profit-loss-totals-profit')).toHaveTextContent('+10.00');
  });

  it('says No data when nothing was played', async () => {
    serveApi({
      '/wps/member/records/profit-loss': {
        ...PROFIT_LOSS,
        days: [],
        categories: [],
        totals: {
          ...totals,
          rounds: 0,
          betMinor: '0',
          validBetMinor: '0',
          winMinor: '0',
          profitMinor: '0',
        },
      },
      '/lgw/games/game_menus': MENUS,
    });
    renderWithProviders(<ProfitLoss token="t" timeZone="Asia/Bangkok" />);
    expect(await screen.findByText('No data')).toBeInTheDocument();
  });
});
