import { useTranslation } from 'react-i18next';
import { PasswordField } from '@/components/ui/form/text-field';

type NewPasswordName = 'newPassword' | 'confirmNewPassword';

type NewPasswordFieldsProps = {
  values: Record<NewPasswordName, string>;
  set: (name: NewPasswordName) => (value: string) => void;
  messageOf: (name: NewPasswordName) => string | undefined;
  /** Under the new password until it has an error: the merchant's rule in words. */
  hint?: string | undefined;
  newTestId: string;
  confirmTestId: string;
};

/** A new password and the same again (password change and password reset). */
export const NewPasswordFields = ({
  values,
  set,
  messageOf,
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
        value={values.newPassword}
        onChange={(event) => set('newPassword')(event.target.value)}
        autoComplete="new-password"
        maxLength={128}
        error={messageOf('newPassword')}
        hint={hint}
        data-testid={newTestId}
      />
      <PasswordField
        label={t('auth.confirmNewPassword')}
        required
        value={values.confirmNewPassword}
        onChange={(event) => set('confirmNewPassword')(event.target.value)}
        autoComplete="new-password"
        maxLength={128}
        error={messageOf('confirmNewPassword')}
        data-testid={confirmTestId}
      />
    </>
  );
};
