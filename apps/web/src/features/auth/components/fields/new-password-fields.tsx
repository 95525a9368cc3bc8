import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '@/components/ui/form/text-field';

type PasswordPair = 'newPassword' | 'confirmNewPassword';

type NewPasswordFieldsProps = {
  /** A form (useContractForm) with a `newPassword` and a `confirmNewPassword` field. */
  form: {
    register: (name: PasswordPair) => UseFormRegisterReturn;
    fieldError: (name: PasswordPair) => string | undefined;
  };
  /** Under the new password until it has an error: the merchant's rule in words. */
  hint?: string | undefined;
  newTestId: string;
  confirmTestId: string;
};

/** A new password and the same again (password change and password reset). */
export const NewPasswordFields = ({
  form,
  hint,
  newTestId,
  confirmTestId,
}: NewPasswordFieldsProps) => {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={t('auth.newPassword')}
        required
        {...form.register('newPassword')}
        autoComplete="new-password"
        maxLength={128}
        error={form.fieldError('newPassword')}
        hint={hint}
        data-testid={newTestId}
      />
      <PasswordField
        label={t('auth.confirmNewPassword')}
        required
        {...form.register('confirmNewPassword')}
        autoComplete="new-password"
        maxLength={128}
        error={form.fieldError('confirmNewPassword')}
        data-testid={confirmTestId}
      />
    </>
  );
};
