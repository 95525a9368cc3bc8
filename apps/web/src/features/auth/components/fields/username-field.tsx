import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/form/text-field';
import { Icon } from '@/components/ui/icon';

type UsernameFieldProps = {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  testId: string;
  placeholder?: string;
  readOnly?: boolean;
};

/** The account name a member signs in with (login, e-mail password reset). */
export const UsernameField = ({ value, onChange, error, testId, ...rest }: UsernameFieldProps) => {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.username')}
      required
      prefix={<Icon name="user" size={18} />}
      value={value}
      onChange={(event) => onChange(event.target.value)}
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
