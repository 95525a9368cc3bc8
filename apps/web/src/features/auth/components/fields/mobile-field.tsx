import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/form/text-field';
import { Icon } from '@/components/ui/icon';
import { digitsOnly } from './digits-only';

type MobileFieldProps = {
  /** `register('mobile')`: digits only, anything else typed or pasted is dropped. */
  field: UseFormRegisterReturn;
  error: string | undefined;
  testId: string;
  placeholder?: string;
};

/** The member's mobile number, national form (code login, phone password reset). */
export const MobileField = ({ field, error, testId, placeholder }: MobileFieldProps) => {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.mobile')}
      required
      prefix={<Icon name="smartphone" size={18} />}
      {...field}
      onChange={digitsOnly(field)}
      autoComplete="tel-national"
      inputMode="numeric"
      maxLength={20}
      placeholder={placeholder}
      error={error}
      data-testid={testId}
    />
  );
};
