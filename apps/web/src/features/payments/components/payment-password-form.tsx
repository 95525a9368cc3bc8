import { useQueryClient } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form/form-alert';
import { focusFirstInvalid } from '@/components/ui/form/focus-first-invalid';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { PasswordField } from '@/components/ui/form/text-field';
import { errorMessageKey } from '@/lib/api/api-error';
import {
  changePaymentPasswordRequest,
  paymentPasswordQuery,
  setPaymentPasswordRequest,
} from '../api/payment-password';
import tabStyles from './payment-tab.module.css';

export type PaymentPasswordFields = { current: string; next: string; confirm: string };
type FieldErrors = Partial<Record<keyof PaymentPasswordFields, string>>;

const PIN = /^\d{6}$/;

/**
 * The server's rules, checked first: the current secret (the sign-in password when setting,
 * the old payment password when changing), six digits, the confirmation equal to it.
 */
export const validatePaymentPassword = (
  fields: PaymentPasswordFields,
  mode: 'set' | 'change',
): FieldErrors => {
  const errors: FieldErrors = {};
  if (!fields.current) errors.current = 'validation.required';
  if (!fields.next) errors.next = 'validation.required';
  else if (!PIN.test(fields.next)) errors.next = 'withdrawal.password.sixDigits';
  else if (mode === 'change' && fields.next === fields.current)
    errors.next = 'errors.PASSWORD_UNCHANGED';
  if (!fields.confirm) errors.confirm = 'validation.required';
  else if (fields.confirm !== fields.next) errors.confirm = 'inconsistent twice';
  return errors;
};

type PaymentPasswordFormProps = {
  token: string;
  mode: 'set' | 'change';
  onDone: () => void;
};

/** Sets the first payment password (with the sign-in password) or changes it (with the old one). */
export const PaymentPasswordForm = ({ token, mode, onDone }: PaymentPasswordFormProps) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [fields, setFields] = useState<PaymentPasswordFields>({
    current: '',
    next: '',
    confirm: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [submitting, setSubmitting] = useState(false);

  const set = (name: keyof PaymentPasswordFields) => (value: string) => {
    setFields((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const onSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const found = validatePaymentPassword(fields, mode);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(event.currentTarget);
      return;
    }
    setSubmitting(true);
    setFailure(null);
    try {
      const status =
        mode === 'set'
          ? await setPaymentPasswordRequest({
              loginPassword: fields.current,
              newPaymentPassword: fields.next,
              confirmPaymentPassword: fields.confirm,
            })
          : await changePaymentPasswordRequest({
              oldPaymentPassword: fields.current,
              newPaymentPassword: fields.next,
              confirmPaymentPassword: fields.confirm,
            });
      queryClient.setQueryData(paymentPasswordQuery(token).queryKey, status);
      setFields({ current: '', next: '', confirm: '' });
      onDone();
    } catch (caught) {
      setFailure(caught);
    } finally {
      setSubmitting(false);
    }
  };

  const testId = `payment-password-${mode}`;
  return (
    <form
      className={tabStyles.stack}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      data-testid={testId}
    >
      <PasswordField
        label={t(mode === 'set' ? 'withdrawal.password.loginPassword' : 'withdrawal.password.old')}
        required
        value={fields.current}
        onChange={(event) => set('current')(event.target.value)}
        autoComplete={mode === 'set' ? 'current-password' : 'off'}
        maxLength={128}
        error={errors.current && t(errors.current)}
        data-testid={`${testId}-current`}
      />
      <PasswordField
        label={t('withdrawal.password.new')}
        required
        value={fields.next}
        onChange={(event) => set('next')(event.target.value)}
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        error={errors.next && t(errors.next)}
        hint={t('withdrawal.password.sixDigits')}
        data-testid={`${testId}-new`}
      />
      <PasswordField
        label={t('withdrawal.password.confirm')}
        required
        value={fields.confirm}
        onChange={(event) => set('confirm')(event.target.value)}
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        error={errors.confirm && t(errors.confirm)}
        data-testid={`${testId}-confirm`}
      />
      {failure !== null && (
        <FormAlert testId={`${testId}-error`}>{t(errorMessageKey(failure))}</FormAlert>
      )}
      <SubmitButton busy={submitting} testId={`${testId}-submit`}>
        {submitting
          ? t('withdrawal.saving')
          : t(mode === 'set' ? 'withdrawal.password.set' : 'withdrawal.password.change')}
      </SubmitButton>
    </form>
  );
};
