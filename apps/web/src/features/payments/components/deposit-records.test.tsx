// The deposit records as a member reads them: each deposit's time in the merchant's zone, its
// channel, amount and status (with the operator's reason when rejected); the date presets, the
// status filter and a page link each ask the server again with the matching query; an empty
// answer says 'No data'.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { askedQueries } from '@/test/api-server';
import { renderWithProviders } from '@/test/render';
import { serveApi } from '@/test/serve-api';
import { DepositRecords } from './deposit-records';

const record = (id: string, status: string, amountMinor: string, rejectReason: string | null) => ({
  id,
  status,
  channelKind: 'bank_transfer',
  channelName: 'Kasikornbank transfer',
  amountMinor,
  payerName: 'Somchai Jaidee',
  reference: rejectReason ? null : 'TRX-9',
  rejectReason,
  createdAt: '2026-03-01T18:00:00.000Z',
  decidedAt: null,
});

const PAGE = {
  currency: 'THB',
  currencySymbol: '฿',
  currencyDecimals: 2,
  pageNo: 1,
  pageSize: 10,
  total: 25,
  totalPages: 3,
  totalCapped: false,
  nextCursor: 'a.1772388000000000.11',
  prevCursor: null,
  list: [
    record('12', 'approved', '123456', null),
    record('11', 'rejected', '50000', 'No transfer arrived'),
  ],
};

const lastQuery = () => askedQueries().at(-1) ?? new URLSearchParams();

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-03-10T05:00:00Z') });
});
afterEach(() => vi.useRealTimers());

const serve = (page: object | undefined) => serveApi({ '/wps/payments/deposits': page });

describe('DepositRecords', () => {
  it('lists deposits with time, channel, amount, status and the rejection reason', async () => {
    serve(PAGE);
    renderWithProviders(<DepositRecords token="t0k3n" timeZone="Asia/Bangkok" />);
    const rows = await screen.findAllByTestId('deposit-records-row');
    expect(rows).toHaveLength(2);
    const [approved, rejected] = rows.map((row) => within(row));
    // 18:00 UTC on 1 March is 01:00 on 2 March in Bangkok.
    expect(approved?.getByText('2026/03/02 01:00')).toBeInTheDocument();
    expect(approved?.getByText('฿1,234.56')).toBeInTheDocument();
    expect(approved?.getByText('Successful')).toBeInTheDocument();
    expect(approved?.getByText('TRX-9')).toBeInTheDocument();
    expect(rejected?.getByText('Rejected')).toBeInTheDocument();
    expect(rejected?.getByTestId('deposit-records-reason')).toHaveTextContent(
      'No transfer arrived',
    );
    // The last 30 days in the merchant's zone, by default.
    expect(Object.fromEntries(lastQuery())).toEqual({
      pageNo: '1',
      pageSize: '10',
      from: '2026-02-09',
      to: '2026-03-10',
    });
  });

  it('asks again for a date preset, a status and a page, the next page by its cursor', async () => {
    serve(PAGE);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    renderWithProviders(<DepositRecords token="t0k3n" timeZone="Asia/Bangkok" />);
    await screen.findAllByTestId('deposit-records-row');

    const pages = within(screen.getByTestId('deposit-records-pages'));
    await user.click(pages.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastQuery().get('pageNo')).toBe('2'));
    expect(lastQuery().get('cursor')).toBe('a.1772388000000000.11');

    await user.click(screen.getByTestId('deposit-records-dates-last7'));
    await waitFor(() =>
      expect(Object.fromEntries(lastQuery())).toMatchObject({
        pageNo: '1',
        from: '2026-03-04',
        to: '2026-03-10',
      }),
    );
    expect(lastQuery().has('cursor')).toBe(false);
    await user.click(screen.getByTestId('deposit-records-dates-next30'));
    await waitFor(() =>
      expect(Object.fromEntries(lastQuery())).toMatchObject({
        from: '2026-03-10',
        to: '2026-04-08',
      }),
    );
    await user.selectOptions(screen.getByTestId('deposit-records-status'), 'rejected');
    await waitFor(() => expect(lastQuery().get('status')).toBe('rejected'));
  });

  it("says 'No data' when there is nothing", async () => {
    serve({ ...PAGE, total: 0, totalPages: 0, list: [] });
    renderWithProviders(<DepositRecords token="t0k3n" timeZone="Asia/Bangkok" />);
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('No data');
    expect(screen.queryByTestId('deposit-records-pages')).not.toBeInTheDocument();
  });

  it('offers a retry when the records cannot be read', async () => {
    serve(undefined);
    renderWithProviders(<DepositRecords token="t0k3n" timeZone="Asia/Bangkok" />);
    expect(await screen.findByTestId('deposit-records-error')).toBeInTheDocument();
  });
});
