import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/form/text-field';
import { Icon } from '@/components/ui/icon';
import { SendCodeButton, type SendCodeButtonProps } from '../send-code-button';
import { digitsOnly } from './digits-only';

type CodeFieldProps = {
  /** `register('code')`: digits only, anything else typed or pasted is dropped. */
  field: UseFormRegisterReturn;
  error: string | undefined;
  testId: string;
  required?: boolean;
  /** The key icon in the box; the registration grid has no field icons. */
  withIcon?: boolean;
  className?: string;
  /** The send-code button inside the box, where this form sends the code itself. */
  sendCode?: SendCodeButtonProps | undefined;
};

/** The six-digit SMS or e-mail code (code login, registration, password reset). */
export const CodeField = ({
  field,
  error,
  testId,
  required = true,
  withIcon = true,
  className,
  sendCode,
}: CodeFieldProps) => {
  const { t } = useTranslation();
  return (
    <TextField
      className={className}
      label={t('auth.code')}
      required={required}
      prefix={withIcon ? <Icon name="key" size={18} /> : undefined}
      {...field}
      onChange={digitsOnly(field)}
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={6}
      placeholder={t('auth.codePlaceholder')}
      error={error}
      data-testid={testId}
      addon={sendCode && <SendCodeButton {...sendCode} />}
    />
  );
};
