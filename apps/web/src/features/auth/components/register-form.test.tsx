// The registration form shows the merchant's fields with their asterisks, says what each rule
// wants with its min and max, ticks the terms by default, fills in the affiliate code of an
// invitation link where the field is shown, and checks an affiliate code before registering
// (an invalid one gets the warning dialog and no registration).
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/api-error';
import { registerRulesFixture, registerSettingsFixture } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { getAffiliateRequest } from '../api/get-affiliate';
import { registerRequest } from '../api/register';
import { RegisterForm } from './register-form';

vi.mock('../api/register', () => ({ registerRequest: vi.fn() }));
vi.mock('../api/get-affiliate', () => ({ getAffiliateRequest: vi.fn() }));
const register = vi.mocked(registerRequest);
const affiliate = vi.mocked(getAffiliateRequest);

const renderForm = (settings = registerSettingsFixture(), affiliateCode: string | null = null) => {
  renderWithProviders(
    <MemoryRouter>
      <RegisterForm
        settings={settings}
        rules={registerRulesFixture()}
        referralCode="LANNARF1"
        affiliateCode={affiliateCode}
        onRegistered={vi.fn()}
        onLogin={vi.fn()}
      />
    </MemoryRouter>,
  );
  return userEvent.setup();
};

afterEach(() => {
  register.mockReset();
  affiliate.mockReset();
});

describe('RegisterForm', () => {
  it('shows the enabled fields, marks the required ones and ticks the terms box', () => {
    renderForm();
    expect(screen.getByLabelText(/Username/)).toHaveAttribute('aria-required', 'true');
    expect(screen.getByLabelText(/^E-mail/)).toHaveAttribute('aria-required', 'false');
    expect(screen.getByTestId('register-nickname')).toBeInTheDocument();
    expect(screen.queryByTestId('register-qqNum')).toBeNull();
    expect(screen.queryByTestId('register-affiliateCode')).toBeNull();
    expect(screen.getByTestId('register-terms')).toBeChecked();
    expect(screen.getByTestId('register-age')).not.toBeChecked();
    expect(screen.getByTestId('register-referral')).toHaveTextContent('LANNARF1');
    expect(screen.queryByTestId('register-tab-mobile')).toBeNull();
  });

  it('explains refused values with the rule and its bounds, and registers nothing', async () => {
    const user = renderForm();
    await user.type(screen.getByTestId('register-username'), '1x');
    await user.type(screen.getByTestId('register-password'), 'weak');
    await user.type(screen.getByTestId('register-confirm'), 'other');
    await user.click(screen.getByTestId('register-submit'));
    expect(
      screen.getByText('4 to 16 letters and digits, starting with a letter.', {
        selector: '[role=alert]',
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        '8 to 20 characters with an uppercase letter, a lowercase letter, a digit and a symbol.',
        { selector: '[role=alert]' },
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('The two passwords are inconsistent.')).toBeInTheDocument();
    expect(
      screen.getByText('Please confirm that you are at least 18 years old.'),
    ).toBeInTheDocument();
    expect(register).not.toHaveBeenCalled();
  });

  it('checks the affiliate code first and warns when it is invalid', async () => {
    affiliate.mockRejectedValueOnce(new ApiError('INVALID_INVITATION_CODE', { status: 400 }));
    const user = renderForm(registerSettingsFixture({ affiliateCodeEnabled: true }));
    await user.type(screen.getByTestId('register-username'), 'player01');
    await user.type(screen.getByTestId('register-password'), 'Strong@Pass1');
    await user.type(screen.getByTestId('register-confirm'), 'Strong@Pass1');
    await user.type(screen.getByTestId('register-affiliateCode'), 'NOPE1');
    await user.click(screen.getByTestId('register-age'));
    await user.click(screen.getByTestId('register-submit'));
    expect(affiliate).toHaveBeenCalledWith('NOPE1', 'localhost');
    expect(
      await screen.findByTestId('modal-invalidInvitationModal', {}, { timeout: 2000 }),
    ).toHaveTextContent('Invalid invitation code.');
    await waitFor(() => expect(register).not.toHaveBeenCalled());
  });

  it("fills the invitation code in from an agent's link and checks it before registering", async () => {
    affiliate.mockRejectedValueOnce(new ApiError('INVALID_INVITATION_CODE', { status: 400 }));
    const user = renderForm(registerSettingsFixture({ affiliateCodeEnabled: true }), 'AG7K2M');
    expect(screen.getByLabelText(/Invitation code/)).toHaveValue('AG7K2M');
    await user.type(screen.getByTestId('register-username'), 'player01');
    await user.type(screen.getByTestId('register-password'), 'Strong@Pass1');
    await user.type(screen.getByTestId('register-confirm'), 'Strong@Pass1');
    await user.click(screen.getByTestId('register-age'));
    await user.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(affiliate).toHaveBeenCalledWith('AG7K2M', 'localhost'));
  });

  it('leaves the invitation code out where the merchant does not ask for one', () => {
    renderForm(registerSettingsFixture({ affiliateCodeEnabled: false }), 'AG7K2M');
    expect(screen.queryByLabelText(/Invitation code/)).toBeNull();
  });
});
