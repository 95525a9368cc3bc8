import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { CodeSender } from '../hooks/use-code-sender';
import { errorText } from '../utils/error-message';
import styles from './auth-forms.module.css';

export type SendCodeButtonProps = {
  sender: CodeSender;
  /** The click: the caller checks what the code goes to before it asks `sender` to send. */
  onSend: () => void;
  testId: string;
};

/**
 * The send-code button inside a code field: a countdown while a code is live (spec section 4,
 * Code sending). A refused request shows the server's message in a warning dialog with a
 * confirm button (spec section 8).
 */
export const SendCodeButton = ({ sender, onSend, testId }: SendCodeButtonProps) => {
  const { t } = useTranslation();
  const { secondsLeft, sending, error, clearError } = sender;
  const counting = secondsLeft > 0;
  return (
    <>
      <button
        type="button"
        className={`btn btn--secondary btn--sm ${styles.sendCode}`}
        data-testid={testId}
        data-seconds-left={secondsLeft}
        disabled={sending || counting}
        aria-live="polite"
        onClick={onSend}
      >
        {counting
          ? t('auth.resendIn', { seconds: secondsLeft })
          : sending
            ? t('auth.sending')
            : t('auth.sendCode')}
      </button>
      <ConfirmDialog
        name="codeErrorModal"
        open={Boolean(error)}
        title={t('in_popup_prompt')}
        confirmLabel={t('auth.confirm')}
        confirmTestId="code-error-confirm"
        onConfirm={clearError}
      >
        <p>{errorText(t, error)}</p>
      </ConfirmDialog>
    </>
  );
};
