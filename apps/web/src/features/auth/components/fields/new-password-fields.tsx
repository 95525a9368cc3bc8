import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '@/components/ui/form/text-field';

type NewPasswordFieldsProps = {
  /** `register('newPassword')` and `register('confirmNewPassword')`. */
  fields: { newPassword: UseFormRegisterReturn; confirmNewPassword: UseFormRegisterReturn };
  errors: { newPassword: string | undefined; confirmNewPassword: string | undefined };
  /** Under the new password until it has an error: the merchant's rule in words. */
  hint?: string | undefined;
  newTestId: string;
  confirmTestId: string;
};

/** A new password and the same again (password change and password reset). */
export const NewPasswordFields = ({
  fields,
  errors,
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
        {...fields.newPassword}
        autoComplete="new-password"
        maxLength={128}
        error={errors.newPassword}
        hint={hint}
        data-testid={newTestId}
      />
      <PasswordField
        label={t('auth.confirmNewPassword')}
        required
        {...fields.confirmNewPassword}
        autoComplete="new-password"
        maxLength={128}
        error={errors.confirmNewPassword}
        data-testid={confirmTestId}
      />
    </>
  );
};
