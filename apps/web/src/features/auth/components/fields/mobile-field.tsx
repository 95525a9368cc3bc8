import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/form/text-field';
import { Icon } from '@/components/ui/icon';

type MobileFieldProps = {
  value: string;
  /** Digits only: anything else typed or pasted is dropped. */
  onChange: (value: string) => void;
  error: string | undefined;
  testId: string;
  placeholder?: string;
};

/** The member's mobile number, national form (code login, phone password reset). */
export const MobileField = ({ value, onChange, error, testId, placeholder }: MobileFieldProps) => {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.mobile')}
      required
      prefix={<Icon name="smartphone" size={18} />}
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
      autoComplete="tel-national"
      inputMode="numeric"
      maxLength={20}
      placeholder={placeholder}
      error={error}
      data-testid={testId}
    />
  );
};
