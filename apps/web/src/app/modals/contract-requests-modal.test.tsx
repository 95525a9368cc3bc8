// The contract pop-up as a signed-in agent meets it: it opens while a request waits, shows a new
// contract's terms with its tiers, accepts it; an accept that would end the agent's own downline
// contracts lists them and is sent again with confirmUndercut once confirmed; a termination says
// who ended it and is acknowledged; the pop-up closes when nothing waits.
import type { ContractRequests } from '@lanna/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { askedRequests } from '@/test/api-server';
import { contractFixture, memberInfoFixture } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { refusal, serveApi } from '@/test/serve-api';
import { ContractRequestsModal } from './contract-requests-modal';

const REQUESTS = '/wps/agent/contracts/requests';
const NONE: ContractRequests = {
  divtypereq: 0,
  dailysalreqtype: 0,
  contracthoursalreq: 0,
  realtimesalreqtype: 0,
  requests: [],
};
const OFFER: ContractRequests = {
  ...NONE,
  divtypereq: 1,
  requests: [{ type: 'new_contract', contract: contractFixture() }],
};
const ENDED: ContractRequests = {
  ...NONE,
  dailysalreqtype: 2,
  requests: [
    {
      type: 'termination',
      contract: contractFixture({
        id: 43,
        kind: 'daily_salary',
        status: 'terminated',
        endedBy: 'upline',
        endedAt: '2026-11-25T03:00:00.000Z',
        terms: {
          kind: 'daily_salary',
          basis: 'valid_bet',
          tiering: 'highest',
          tiers: [{ threshold: '0', minActiveMembers: 0, rateBp: 50 }],
          minBetMinor: '0',
        },
      }),
    },
  ],
};

/** Answers `first` until a POST is made, then nothing waits. */
const serve = (first: ContractRequests, extra: Record<string, unknown> = {}) => {
  let answered = false;
  serveApi({
    '/wps/member/info': memberInfoFixture({ account: 'demo_agent', type: 1, isAgent: true }),
    [REQUESTS]: () => (answered ? NONE : first),
    ...extra,
    'POST /wps/agent/contracts/:id/:action': ({ params }: { params: Record<string, unknown> }) => {
      answered = true;
      return contractFixture({ id: Number(params.id), status: 'active' });
    },
  });
};

const posted = (path: string) => askedRequests(path).filter((asked) => asked.method === 'POST');

const renderPopup = () => {
  renderWithProviders(<ContractRequestsModal />);
  return userEvent.setup();
};

beforeEach(() => sessionStorage.setItem('token', 'session-token'));

describe('contract pop-up', () => {
  it("shows a new contract's terms and accepts it, then closes", async () => {
    serve(OFFER);
    const user = renderPopup();
    const dialog = await screen.findByRole('dialog', { name: 'Contract' });
    // The content is a lazy chunk: wait for it.
    expect(
      await within(dialog).findByRole('heading', {
        name: 'demo_upline offers you a Dividend contract',
      }),
    ).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Weekly');
    expect(dialog).toHaveTextContent("Players' loss");
    const tiers = within(within(dialog).getByRole('table')).getAllByRole('row');
    expect(tiers[2]).toHaveTextContent('฿ 50,000.00525%');
    expect(dialog).toHaveTextContent('฿ 100.00');
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(posted('/wps/agent/contracts/41/accept')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('lists the contracts an accept would end and sends it again once confirmed', async () => {
    let calls = 0;
    serve(OFFER, {
      'POST /wps/agent/contracts/41/accept': () =>
        calls++ === 0
          ? refusal(409, 'CONTRACT_UNDERCUTS_DOWNLINES', {
              undercutContracts: [{ id: 52, downline: 'sub_agent7', topRateBp: 3000 }],
            })
          : contractFixture({ status: 'active' }),
    });
    const user = renderPopup();
    const dialog = await screen.findByRole('dialog', { name: 'Contract' });
    await user.click(await within(dialog).findByRole('button', { name: 'Accept' }));
    expect(await within(dialog).findByText('sub_agent7, top rate 30%')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and end them' }));
    await waitFor(() => expect(posted('/wps/agent/contracts/41/accept')).toHaveLength(2));
    const bodies = await Promise.all(
      posted('/wps/agent/contracts/41/accept').map((asked) => asked.request.json()),
    );
    expect(bodies).toEqual([{ confirmUndercut: false }, { confirmUndercut: true }]);
  });

  it('says who ended a contract and acknowledges it with OK', async () => {
    serve(ENDED);
    const user = renderPopup();
    const dialog = await screen.findByRole('dialog', { name: 'Contract' });
    expect(
      await within(dialog).findByRole('heading', { name: 'Your Daily salary contract has ended' }),
    ).toBeInTheDocument();
    expect(dialog).toHaveTextContent('demo_upline ended it.');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(posted('/wps/agent/contracts/43/acknowledge')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('stays closed when nothing waits', async () => {
    serve(NONE);
    renderPopup();
    await waitFor(() => expect(askedRequests(REQUESTS)).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
