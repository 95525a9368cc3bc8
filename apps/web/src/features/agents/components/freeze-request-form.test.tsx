// Asking for a freeze: a reason is required before anything is sent, the request goes with the
// row's account, a refusal is said in the agent's words, and the dialog closes once it is filed.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/api-error';
import { renderWithProviders } from '@/test/render';
import { requestDownlineFreezeRequest } from '../api/request-downline-freeze';
import { FreezeRequestForm } from './freeze-request-form';

vi.mock('../api/request-downline-freeze', () => ({ requestDownlineFreezeRequest: vi.fn() }));
const requestFreeze = vi.mocked(requestDownlineFreezeRequest);

const renderForm = (onDone = vi.fn()) => {
  renderWithProviders(<FreezeRequestForm token="t0k3n" account="player6" onDone={onDone} />);
  return { user: userEvent.setup(), onDone };
};

afterEach(() => requestFreeze.mockReset());

describe('FreezeRequestForm', () => {
  it('asks for a reason before sending anything', async () => {
    const { user, onDone } = renderForm();
    expect(screen.getByText(/freeze player6 if they agree/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    expect(screen.getByLabelText(/^Reason/)).toHaveAttribute('aria-invalid', 'true');
    expect(requestFreeze).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
  });

  it("files the request for the row's account with the reason, then closes", async () => {
    requestFreeze.mockResolvedValueOnce({
      id: 4,
      account: 'player6',
      requestedBy: 'demo_agent',
      reason: 'shared account',
      status: 'pending',
      requestedAt: '2026-03-03T03:00:00.000Z',
      decidedAt: null,
      decisionReason: null,
    });
    const { user, onDone } = renderForm();
    await user.type(screen.getByLabelText(/^Reason/), ' shared account ');
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(requestFreeze).toHaveBeenCalledWith('player6', 'shared account');
  });

  it('says why the server refused, and stays open', async () => {
    requestFreeze.mockRejectedValueOnce(new ApiError('FREEZE_ALREADY_REQUESTED', { status: 409 }));
    const { user, onDone } = renderForm();
    await user.type(screen.getByLabelText(/^Reason/), 'shared account');
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    expect(await screen.findByTestId('freeze-request-error')).toHaveTextContent(
      'A freeze request for this member is already waiting for the operators.',
    );
    expect(onDone).not.toHaveBeenCalled();
  });
});
