// Opening an account for the team: the username and password are checked with the merchant's
// registration rules before anything is sent, the chosen kind goes with them, a taken username
// is said on its field, and the new account is named with the note that its first login asks
// for a new password.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/api-error';
import { registerRulesFixture } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { openDownlineAccountRequest } from '../api/open-downline-account';
import { OpenAccountForm } from './open-account-form';

vi.mock('../api/open-downline-account', () => ({ openDownlineAccountRequest: vi.fn() }));
const openAccount = vi.mocked(openDownlineAccountRequest);

const USERNAME_RULE = '4 to 16 letters and digits, starting with a letter.';

const renderForm = () => {
  renderWithProviders(<OpenAccountForm token="t0k3n" rules={registerRulesFixture()} />);
  return userEvent.setup();
};

const fill = async (user: ReturnType<typeof userEvent.setup>, username: string) => {
  await user.type(screen.getByLabelText(/^Username/), username);
  await user.type(screen.getByLabelText(/^Password/), 'Lanna#2026');
  await user.type(screen.getByLabelText(/^Confirm password/), 'Lanna#2026');
};

afterEach(() => openAccount.mockReset());

describe('OpenAccountForm', () => {
  it("refuses a username that breaks the merchant's rule before sending", async () => {
    const user = renderForm();
    expect(screen.getByText(USERNAME_RULE)).toBeInTheDocument();
    await fill(user, '1x');
    await user.click(screen.getByRole('button', { name: 'Open account' }));
    expect(screen.getByText(USERNAME_RULE, { selector: '[role=alert]' })).toBeInTheDocument();
    expect(openAccount).not.toHaveBeenCalled();
  });

  it('refuses a confirmation that differs from the password', async () => {
    const user = renderForm();
    await user.type(screen.getByLabelText(/^Username/), 'newbie01');
    await user.type(screen.getByLabelText(/^Password/), 'Lanna#2026');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Lanna#2027');
    await user.click(screen.getByRole('button', { name: 'Open account' }));
    expect(screen.getByText('The two passwords are inconsistent.')).toBeInTheDocument();
    expect(openAccount).not.toHaveBeenCalled();
  });

  it('says on the username field when the server finds it taken', async () => {
    openAccount.mockRejectedValueOnce(new ApiError('USERNAME_TAKEN', { status: 409 }));
    const user = renderForm();
    await fill(user, 'newbie01');
    await user.click(screen.getByRole('button', { name: 'Open account' }));
    expect(await screen.findByText('This username is already taken.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Username/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('open-account-done')).toBeNull();
  });

  it("marks the fields the server finds against the merchant's rules", async () => {
    openAccount.mockRejectedValueOnce(
      new ApiError('RULES_NOT_MET', {
        status: 400,
        issues: [{ path: 'password', message: 'pattern' }],
      }),
    );
    const user = renderForm();
    await fill(user, 'newbie01');
    await user.click(screen.getByRole('button', { name: 'Open account' }));
    expect(await screen.findByTestId('open-account-error')).toHaveTextContent(
      "These details do not meet this site's rules: check the highlighted fields.",
    );
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('aria-invalid', 'true');
    // The field says the merchant rule's own sentence, not a bare 'invalid'.
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(
      '8 to 20 characters with an uppercase letter, a lowercase letter, a digit and a symbol.',
    );
  });

  it('opens a sub-agent account and says its first login asks for a new password', async () => {
    openAccount.mockResolvedValueOnce({ id: 31, account: 'newbie01' });
    const user = renderForm();
    await user.click(screen.getByLabelText('Sub-agent'));
    await fill(user, 'newbie01');
    await user.type(screen.getByLabelText(/^Nickname/), 'Newbie');
    await user.click(screen.getByRole('button', { name: 'Open account' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Sub-agent account newbie01 is open. Its first login will ask for a new password.',
    );
    expect(openAccount).toHaveBeenCalledWith({
      username: 'newbie01',
      password: 'Lanna#2026',
      nickname: 'Newbie',
      kind: 'agent',
    });
    expect(screen.getByLabelText(/^Username/)).toHaveValue('');
  });
});
