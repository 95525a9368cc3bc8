import type { Captcha } from '@lanna/contract';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/form/text-field';
import { Icon } from '@/components/ui/icon';
import styles from './auth-forms.module.css';

type CaptchaFieldProps = {
  captcha: Captcha | null;
  loading: boolean;
  failed: boolean;
  /** `register('captcha')`. */
  field: UseFormRegisterReturn;
  onRefresh: () => void;
  error: string | undefined;
  testId: string;
};

/** The captcha answer beside its image; the image refreshes on click (throttled by the caller). */
export const CaptchaField = ({
  captcha,
  loading,
  failed,
  field,
  onRefresh,
  error,
  testId,
}: CaptchaFieldProps) => {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.captcha')}
      required
      {...field}
      autoComplete="off"
      autoCapitalize="off"
      spellCheck={false}
      inputMode="text"
      maxLength={16}
      placeholder={t('auth.captchaPlaceholder')}
      error={error}
      data-testid={testId}
      addon={
        <button
          type="button"
          className={styles.captchaImage}
          onClick={onRefresh}
          aria-label={t('auth.captchaRefresh')}
          title={t('auth.captchaRefresh')}
          data-testid={`${testId}-refresh`}
          aria-busy={loading}
        >
          {captcha && !failed ? (
            <img src={captcha.image} alt={t('auth.captchaImage')} width={110} height={36} />
          ) : (
            <Icon name="refresh" size={18} />
          )}
        </button>
      }
    />
  );
};
