// The team overview as an agent reads it: every figure of the server's answer, counts grouped and
// money in the merchant's currency; the last 7 days asked to start, and the chosen range asked
// again; a failed load says why and tries again on request.
import type { TeamOverview as Overview } from '@lanna/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { presetRange } from '@/components/ui/date-range-filter';
import { askedQueries } from '@/test/api-server';
import { renderWithProviders } from '@/test/render';
import { inTurn, refusal, serveApi } from '@/test/serve-api';
import { TeamOverview } from './team-overview';

const PATH = '/wps/agent/team/overview';
const ZONE = 'Asia/Bangkok';

const overviewOf = (overrides: Partial<Overview> = {}): Overview => ({
  currency: 'THB',
  currencySymbol: '฿',
  currencyDecimals: 2,
  from: '2026-11-22',
  to: '2026-11-28',
  members: 1234,
  directMembers: 12,
  newMembers: 5,
  activeMembers: 40,
  teamBalanceMinor: '1234567',
  depositMinor: '500000',
  withdrawalMinor: '125050',
  validBetMinor: '9900000',
  profitMinor: '-45000',
  ...overrides,
});

const figure = (key: string) => screen.getByTestId(`team-overview-${key}`);

describe('TeamOverview', () => {
  it('shows every figure of the answer, money in the merchant currency', async () => {
    serveApi({ [PATH]: overviewOf() });
    renderWithProviders(<TeamOverview token="t0k3n" timeZone={ZONE} />);
    expect(await screen.findByText('From 2026/11/22 to 2026/11/28')).toBeInTheDocument();
    expect(figure('members')).toHaveTextContent('1,234');
    expect(figure('directMembers')).toHaveTextContent('12');
    expect(figure('newMembers')).toHaveTextContent('5');
    expect(figure('activeMembers')).toHaveTextContent('40');
    expect(figure('teamBalance')).toHaveTextContent('฿ 12,345.67');
    expect(figure('deposit')).toHaveTextContent('฿ 5,000.00');
    expect(figure('withdrawal')).toHaveTextContent('฿ 1,250.50');
    expect(figure('validBet')).toHaveTextContent('฿ 99,000.00');
    expect(figure('profit')).toHaveTextContent('฿ -450.00');
    expect(screen.getByText("Players' profit and loss")).toBeInTheDocument();
  });

  it('asks for the last 7 days, then for the range the agent picks', async () => {
    serveApi({ [PATH]: overviewOf() });
    const user = userEvent.setup();
    renderWithProviders(<TeamOverview token="t0k3n" timeZone={ZONE} />);
    await screen.findByText('From 2026/11/22 to 2026/11/28');
    const week = presetRange('last7', ZONE);
    expect(askedQueries(PATH)[0]?.get('from')).toBe(week.from);
    expect(askedQueries(PATH)[0]?.get('to')).toBe(week.to);

    await user.click(screen.getByRole('button', { name: 'Last 30 days' }));
    const month = presetRange('last30', ZONE);
    await waitFor(() => expect(askedQueries(PATH).at(-1)?.get('from')).toBe(month.from));
    expect(askedQueries(PATH).at(-1)?.get('to')).toBe(month.to);

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    await waitFor(() => expect(askedQueries(PATH).at(-1)?.get('from')).toBe('2026-01-01'));
    expect(askedQueries(PATH).at(-1)?.get('to')).toBe(month.to);
  });

  it('says why the figures did not load and tries again', async () => {
    serveApi({ [PATH]: inTurn(refusal(500, 'INTERNAL_ERROR'), overviewOf()) });
    const user = userEvent.setup();
    renderWithProviders(<TeamOverview token="t0k3n" timeZone={ZONE} />);
    const failure = await screen.findByTestId('team-overview-error');
    expect(failure).toHaveTextContent('System error, please try again later.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('฿ 12,345.67')).toBeInTheDocument();
  });
});
