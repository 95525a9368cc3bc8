// The account record page as a member uses it: rows with signed, coloured amounts in the
// merchant's zone; the type filter, a date preset and a page link each ask the server again
// with the matching query, the next and previous pages by the cursor the page handed out; a
// capped count reads '10,000+'; an empty answer says 'No data'.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { askedQueries } from '@/test/api-server';
import { renderWithProviders } from '@/test/render';
import { serveApi } from '@/test/serve-api';
import { AccountRecord } from './account-record';

const entry = (entryId: string, type: string, amountMinor: string, balanceAfterMinor: string) => ({
  entryId,
  type,
  wallet: 'main',
  vendorCode: null,
  amountMinor,
  balanceAfterMinor,
  createdAt: '2026-03-01T18:00:00.000Z',
});

const PAGE = {
  currency: 'THB',
  currencySymbol: '฿',
  currencyDecimals: 2,
  pageNo: 1,
  pageSize: 20,
  total: 41,
  totalPages: 3,
  totalCapped: false,
  nextCursor: 'a.1772388000000000.2',
  prevCursor: null,
  list: [entry('3', 'win', '2500', '51500'), entry('2', 'bet', '-1000', '49000')],
};

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-03-10T05:00:00Z') });
  serveApi({ '/wps/member/records/account': PAGE });
});
afterEach(() => vi.useRealTimers());

describe('AccountRecord', () => {
  it('shows signed amounts, balances and times in the merchant zone', async () => {
    renderWithProviders(
      <AccountRecord token="t" timeZone="Asia/Bangkok" testId="account-record" />,
    );
    const rows = await screen.findAllByTestId('account-record-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('+25.00')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('515.00')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('-10.00')).toBeInTheDocument();
    // 18:00 UTC is 01:00 the next day in Bangkok.
    expect(within(rows[0]!).getByText('2026/03/02 01:00')).toBeInTheDocument();
    // The default range is the last 30 days, today included, in the merchant's zone.
    const first = askedQueries()[0]!;
    expect([first.get('from'), first.get('to'), first.get('pageNo')]).toEqual([
      '2026-02-09',
      '2026-03-10',
      '1',
    ]);
  });

  it('asks again for a type, a preset and a page, starting each new filter at page 1', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    renderWithProviders(
      <AccountRecord token="t" timeZone="Asia/Bangkok" testId="account-record" />,
    );
    await screen.findAllByTestId('account-record-row');

    await user.click(screen.getByTestId('account-record-pages-page-2'));
    await waitFor(() => expect(askedQueries().at(-1)?.get('pageNo')).toBe('2'));
    expect(askedQueries().at(-1)?.get('cursor')).toBe(PAGE.nextCursor);

    await user.selectOptions(screen.getByTestId('account-record-type'), 'bet');
    await waitFor(() => expect(askedQueries().at(-1)?.get('types')).toBe('bet'));
    expect(askedQueries().at(-1)?.get('pageNo')).toBe('1');
    expect(askedQueries().at(-1)?.has('cursor')).toBe(false);

    await user.click(screen.getByTestId('account-record-dates-next7'));
    await waitFor(() => expect(askedQueries().at(-1)?.get('to')).toBe('2026-03-16'));
    expect(askedQueries().at(-1)?.get('from')).toBe('2026-03-10');
  });

  it('lists only its own types in bonus details', async () => {
    renderWithProviders(
      <AccountRecord
        token="t"
        timeZone="Asia/Bangkok"
        types={['bonus', 'rebate']}
        testId="bonus-details"
      />,
    );
    await screen.findAllByTestId('bonus-details-row');
    expect(askedQueries()[0]?.get('types')).toBe('bonus,rebate');
    const options = within(screen.getByTestId('bonus-details-type')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['All types', 'Bonus', 'Rebate']);
  });

  it('reads a capped count as 10,000+ and goes on past the counted pages by cursor', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    serveApi({
      '/wps/member/records/account': {
        ...PAGE,
        total: 10_000,
        totalPages: 500,
        totalCapped: true,
        prevCursor: 'b.1772388000000000.3',
      },
    });
    renderWithProviders(
      <AccountRecord token="t" timeZone="Asia/Bangkok" testId="account-record" />,
    );
    await screen.findAllByTestId('account-record-row');
    expect(screen.getByTestId('account-record-pages-total')).toHaveTextContent('10,000+');
    await user.click(screen.getByTestId('account-record-pages-page-500'));
    await waitFor(() => expect(askedQueries().at(-1)?.get('pageNo')).toBe('500'));
    expect(askedQueries().at(-1)?.has('cursor')).toBe(false);
    await user.click(await screen.findByTestId('account-record-pages-page-501'));
    await waitFor(() => expect(askedQueries().at(-1)?.get('pageNo')).toBe('501'));
    expect(askedQueries().at(-1)?.get('cursor')).toBe(PAGE.nextCursor);
    await user.click(await screen.findByTestId('account-record-pages-page-500'));
    await waitFor(() => expect(askedQueries().at(-1)?.get('cursor')).toBe('b.1772388000000000.3'));
  });

  it('says No data for an empty list', async () => {
    serveApi({ '/wps/member/records/account': { ...PAGE, list: [], total: 0, totalPages: 0 } });
    renderWithProviders(
      <AccountRecord token="t" timeZone="Asia/Bangkok" testId="account-record" />,
    );
    expect(await screen.findByText('No data')).toBeInTheDocument();
    expect(screen.queryByTestId('account-record-pages')).toBeNull();
  });
});
