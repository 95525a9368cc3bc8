// The deposit tab as a member meets it: the merchant's channels to choose from, the chosen
// bank account with copy buttons and the limits, the form following the channel, a note and
// the records when coming back from a gateway's checkout, and 'no channel' when none is open.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { serveApi } from '@/test/serve-api';
import { DepositPage } from './deposit-page';
import { BANK_CHANNEL, GATEWAY_CHANNEL, THB } from './deposit-test-fixtures';

const CHANNELS = { ...THB, channels: [BANK_CHANNEL, GATEWAY_CHANNEL] };
const EMPTY_PAGE = {
  ...CHANNELS,
  channels: undefined,
  pageNo: 1,
  pageSize: 10,
  total: 0,
  totalPages: 0,
  totalCapped: false,
  nextCursor: null,
  prevCursor: null,
  list: [],
};

const renderPage = (channels: object, at = '/member?tab=deposit') => {
  serveApi({
    '/wps/payments/deposit/channels': channels,
    '/wps/payments/deposits': EMPTY_PAGE,
  });
  return renderWithProviders(
    <MemoryRouter initialEntries={[at]}>
      <DepositPage token="t0k3n" timeZone="Asia/Bangkok" />
    </MemoryRouter>,
  );
};

describe('DepositPage', () => {
  it('shows the chosen bank account with copy buttons, and the form follows the channel', async () => {
    renderPage(CHANNELS);
    expect(await screen.findByTestId('deposit-bank-accountNumber')).toHaveTextContent(
      '123-4-56789-0',
    );
    expect(screen.getByTestId('deposit-amount')).toHaveAccessibleDescription(
      'Per deposit: ฿100.00 to ฿200,000.00',
    );
    const user = userEvent.setup();
    await user.click(screen.getByTestId('deposit-copy-accountNumber'));
    // user-event stands in for the system clipboard.
    expect(await navigator.clipboard.readText()).toBe('123-4-56789-0');
    expect(await screen.findByText('Copied successfully.')).toBeInTheDocument();
    expect(screen.getByTestId('deposit-payer-name')).toBeInTheDocument();

    await user.click(
      within(screen.getAllByTestId('deposit-channel')[1] as HTMLElement).getByRole('radio'),
    );
    expect(screen.queryByTestId('deposit-bank-accountNumber')).not.toBeInTheDocument();
    expect(screen.queryByTestId('deposit-payer-name')).not.toBeInTheDocument();
    expect(screen.getByTestId('deposit-amount')).toHaveAccessibleDescription(
      'Per deposit: ฿100.00 to ฿50,000.00',
    );
  });

  it('says so when no channel is open, and still shows the records', async () => {
    renderPage({ ...CHANNELS, channels: [] });
    expect(await screen.findByText(/No deposit channel is open right now/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('empty-state')).toHaveLength(2));
  });

  it('greets a member back from the checkout with a note above the records', async () => {
    renderPage(CHANNELS, '/member?tab=deposit&view=records');
    expect(await screen.findByTestId('deposit-returned')).toHaveTextContent(
      'The result of your payment shows in the records below.',
    );
  });
});
