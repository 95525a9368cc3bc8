// The forms glue: a refused field reads as translated text and takes focus, Enter submits, a
// second submit while one is under way is ignored, and a server refusal lands on its field
// and in the alert.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MobileNumberSchema } from '@lanna/contract';
import { z } from 'zod';
import { ApiError } from '@/lib/api/api-error';
import { renderWithProviders } from '@/test/render';
import { FormAlert } from './form-alert';
import { refusal } from './issue-text';
import { SubmitButton } from './submit-button';
import { TextField } from './text-field';
import { useContractForm } from './use-contract-form';

const Schema = z
  .object({
    name: z.string().trim().min(1).max(8),
    code: z.string().min(4),
    confirm: z.string(),
  })
  .refine((values) => values.confirm === values.code, {
    path: ['confirm'],
    ...refusal({ key: 'inconsistent twice' }),
  });

type Valid = (values: z.output<typeof Schema>) => Promise<void>;

const Form = ({ onValid }: { onValid: Valid }) => {
  const form = useContractForm(
    Schema,
    { name: '', code: '', confirm: '' },
    { messages: { name: { required: 'auth.validation.usernameRequired' } } },
  );
  return (
    <form noValidate onSubmit={form.submit(onValid)}>
      <TextField label="Name" {...form.register('name')} error={form.fieldError('name')} />
      <TextField label="Code" {...form.register('code')} error={form.fieldError('code')} />
      <TextField label="Confirm" {...form.register('confirm')} error={form.fieldError('confirm')} />
      {form.alert && <FormAlert testId="alert">{form.alert}</FormAlert>}
      <SubmitButton busy={form.formState.isSubmitting} testId="submit">
        Go
      </SubmitButton>
    </form>
  );
};

const renderForm = (onValid = vi.fn<Valid>(() => Promise.resolve())) => {
  renderWithProviders(<Form onValid={onValid} />);
  return { onValid, user: userEvent.setup() };
};

describe('useContractForm', () => {
  it('shows translated text per field and focuses the first invalid one', async () => {
    const { onValid, user } = renderForm();
    await user.type(screen.getByLabelText('Code'), '12');
    await user.click(screen.getByTestId('submit'));
    expect(await screen.findByText('Please enter your username.')).toBeInTheDocument();
    expect(screen.getByText('At least 4 characters.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(onValid).not.toHaveBeenCalled();
  });

  it("shows a form schema's own message once the fields pass", async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Name'), 'somchai');
    await user.type(screen.getByLabelText('Code'), '1234');
    await user.type(screen.getByLabelText('Confirm'), '1235{Enter}');
    expect(await screen.findByText('The two passwords are inconsistent.')).toBeInTheDocument();
  });

  it('submits the parsed values on Enter and ignores a second submit under way', async () => {
    let finish = () => {};
    const onValid = vi.fn<Valid>(() => new Promise<void>((resolve) => (finish = resolve)));
    const { user } = renderForm(onValid);
    await user.type(screen.getByLabelText('Name'), '  somchai ');
    await user.type(screen.getByLabelText('Code'), '1234');
    await user.type(screen.getByLabelText('Confirm'), '1234{Enter}');
    await waitFor(() => expect(screen.getByTestId('submit')).toBeDisabled());
    await user.type(screen.getByLabelText('Confirm'), '{Enter}');
    finish();
    await waitFor(() => expect(screen.getByTestId('submit')).toBeEnabled());
    expect(onValid).toHaveBeenCalledTimes(1);
    expect(onValid.mock.calls[0]?.[0]).toEqual({ name: 'somchai', code: '1234', confirm: '1234' });
  });

  it("puts a VALIDATION_FAILED's issues on their fields and the failure in the alert", async () => {
    const refused = new ApiError('VALIDATION_FAILED', {
      status: 400,
      issues: [{ path: 'code', message: 'pattern' }],
    });
    const { user } = renderForm(vi.fn(() => Promise.reject(refused)));
    await user.type(screen.getByLabelText('Name'), 'somchai');
    await user.type(screen.getByLabelText('Code'), '1234');
    await user.type(screen.getByLabelText('Confirm'), '1234');
    await user.click(screen.getByTestId('submit'));
    expect(await screen.findByTestId('alert')).toHaveTextContent(
      'Some of the information is not valid.',
    );
    expect(screen.getByText('Please check this field.')).toBeInTheDocument();
    expect(screen.getByLabelText('Code')).toHaveFocus();
  });
});

const MobileForm = () => {
  const form = useContractForm(
    z.object({ mobile: MobileNumberSchema }),
    { mobile: '' },
    { messages: { mobile: { invalid: 'auth.validation.mobileInvalid' } } },
  );
  return (
    <form noValidate onSubmit={form.submit(() => undefined)}>
      <TextField label="Mobile" {...form.register('mobile')} error={form.fieldError('mobile')} />
    </form>
  );
};

describe('useContractForm on a contract schema with its own English message', () => {
  it('still shows translated text', async () => {
    renderWithProviders(<MobileForm />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Mobile'), '{Enter}');
    expect(await screen.findByText('Input cannot be empty.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Mobile'), '12');
    expect(await screen.findByText('Please enter a valid mobile number.')).toBeInTheDocument();
  });
});
