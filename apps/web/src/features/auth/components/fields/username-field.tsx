import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/form/text-field';
import { Icon } from '@/components/ui/icon';

type UsernameFieldProps = {
  /** `register('username')`. */
  field: UseFormRegisterReturn;
  error: string | undefined;
  testId: string;
  placeholder?: string;
  readOnly?: boolean;
};

/** The account name a member signs in with (login, e-mail password reset). */
export const UsernameField = ({ field, error, testId, ...rest }: UsernameFieldProps) => {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.username')}
      required
      prefix={<Icon name="user" size={18} />}
      {...field}
      autoComplete="username"
      autoCapitalize="off"
      spellCheck={false}
      maxLength={64}
      error={error}
      data-testid={testId}
      {...rest}
    />
  );
};
