import {
  ChangePaymentPasswordPayloadSchema,
  NewPaymentPasswordSchema,
  SetPaymentPasswordPayloadSchema,
} from '@lanna/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormAlert } from '@/components/ui/form/form-alert';
import { refusal } from '@/components/ui/form/issue-text';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { PasswordField } from '@/components/ui/form/text-field';
import { useContractForm } from '@/components/ui/form/use-contract-form';
import {
  changePaymentPasswordRequest,
  paymentPasswordQuery,
  setPaymentPasswordRequest,
} from '../api/payment-password';
import tabStyles from './payment-tab.module.css';

/**
 * The server's rules, checked first: the current secret (the sign-in password when setting,
 * the old payment password when changing), six digits, the confirmation equal to it, and a
 * change that changes something.
 */
export const paymentPasswordSchema = (mode: 'set' | 'change') =>
  z
    .object({
      current:
        mode === 'set'
          ? SetPaymentPasswordPayloadSchema.shape.loginPassword
          : ChangePaymentPasswordPayloadSchema.shape.oldPaymentPassword,
      next: NewPaymentPasswordSchema,
      confirm: ChangePaymentPasswordPayloadSchema.shape.confirmPaymentPassword.min(1),
    })
    .refine((fields) => fields.confirm === fields.next, {
      path: ['confirm'],
      ...refusal({ key: 'inconsistent twice' }),
    })
    .refine((fields) => mode === 'set' || fields.next !== fields.current, {
      path: ['next'],
      ...refusal({ key: 'errors.PASSWORD_UNCHANGED' }),
    });

/** A new payment password that is not six digits says so. */
const MESSAGES = { next: { invalid: 'withdrawal.password.sixDigits' } };

type PaymentPasswordFormProps = {
  token: string;
  mode: 'set' | 'change';
  onDone: () => void;
};

/** Sets the first payment password (with the sign-in password) or changes it (with the old one). */
export const PaymentPasswordForm = ({ token, mode, onDone }: PaymentPasswordFormProps) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const schema = useMemo(() => paymentPasswordSchema(mode), [mode]);
  const form = useContractForm(
    schema,
    { current: '', next: '', confirm: '' },
    { messages: MESSAGES },
  );
  const submitting = form.formState.isSubmitting;

  const onSubmit = form.submit(async ({ current, next, confirm }) => {
    const status =
      mode === 'set'
        ? await setPaymentPasswordRequest({
            loginPassword: current,
            newPaymentPassword: next,
            confirmPaymentPassword: confirm,
          })
        : await changePaymentPasswordRequest({
            oldPaymentPassword: current,
            newPaymentPassword: next,
            confirmPaymentPassword: confirm,
          });
    queryClient.setQueryData(paymentPasswordQuery(token).queryKey, status);
    form.reset();
    onDone();
  });

  const testId = `payment-password-${mode}`;
  return (
    <form className={tabStyles.stack} noValidate onSubmit={onSubmit} data-testid={testId}>
      <PasswordField
        label={t(mode === 'set' ? 'withdrawal.password.loginPassword' : 'withdrawal.password.old')}
        required
        {...form.register('current')}
        autoComplete={mode === 'set' ? 'current-password' : 'off'}
        maxLength={128}
        error={form.fieldError('current')}
        data-testid={`${testId}-current`}
      />
      <PasswordField
        label={t('withdrawal.password.new')}
        required
        {...form.register('next')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        error={form.fieldError('next')}
        hint={t('withdrawal.password.sixDigits')}
        data-testid={`${testId}-new`}
      />
      <PasswordField
        label={t('withdrawal.password.confirm')}
        required
        {...form.register('confirm')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        error={form.fieldError('confirm')}
        data-testid={`${testId}-confirm`}
      />
      {form.alert && <FormAlert testId={`${testId}-error`}>{form.alert}</FormAlert>}
      <SubmitButton busy={submitting} testId={`${testId}-submit`}>
        {submitting
          ? t('withdrawal.saving')
          : t(mode === 'set' ? 'withdrawal.password.set' : 'withdrawal.password.change')}
      </SubmitButton>
    </form>
  );
};
