import type { SecondVerificationChallenge, SecondVerificationMethod } from '@lanna/contract';
import { VerificationCodeSchema } from '@lanna/contract';
import { useCallback, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { focusFirstInvalid } from '@/components/ui/form/focus-first-invalid';
import { FormAlert } from '@/components/ui/form/form-alert';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { Tabs, tabButtonId, tabPanelId, useTabsBase } from '@/components/ui/form/tabs';
import { TextField } from '@/components/ui/form/text-field';
import { Icon } from '@/components/ui/icon';
import { completeSecondVerificationRequest } from '../api/complete-second-verification';
import { sendSecondVerificationCodeRequest } from '../api/send-second-verification-code';
import { useCodeSender } from '../hooks/use-code-sender';
import { useCompleteSignIn, type SignInResult } from '../hooks/use-complete-sign-in';
import { errorText } from '../utils/error-message';
import styles from './auth-forms.module.css';
import { SendCodeButton } from './send-code-button';

/** Six digits for the app and the codes; the payee name is text (spec section 4). */
export const validateSecondFactor = (
  method: SecondVerificationMethod,
  code: string,
): string | null => {
  if (!code.trim()) return 'validation.required';
  if (method !== 'payeeName' && !VerificationCodeSchema.safeParse(code).success)
    return 'auth.validation.codeInvalid';
  return null;
};

type SecondVerificationFormProps = {
  challenge: SecondVerificationChallenge;
  /** The password of the held-back login, for a forced change that may follow. */
  password?: string | undefined;
  onSignedIn: (result: SignInResult) => void;
  onCancel: () => void;
};

const noPreparation = () => Promise.resolve(null);

/**
 * The second verification of a login from an IP not seen before (spec section 4, Login flow):
 * an authenticator code, an SMS or e-mail code, or the bank account's payee name.
 */
export const SecondVerificationForm = ({
  challenge,
  password,
  onSignedIn,
  onCancel,
}: SecondVerificationFormProps) => {
  const { t } = useTranslation();
  const base = useTabsBase();
  const completeSignIn = useCompleteSignIn();
  const [method, setMethod] = useState<SecondVerificationMethod>(challenge.methods[0] ?? 'sms');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [submitting, setSubmitting] = useState(false);

  const send = useCallback(
    (_: null, signal: AbortSignal) =>
      sendSecondVerificationCodeRequest(
        {
          verificationId: challenge.verificationId,
          method: method === 'email' ? 'email' : 'sms',
        },
        signal,
      ),
    [challenge.verificationId, method],
  );
  const sender = useCodeSender({ prepare: noPreparation, send });

  const onSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const invalid = validateSecondFactor(method, code);
    setFieldError(invalid);
    if (invalid) {
      focusFirstInvalid(event.currentTarget);
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      const value = await completeSecondVerificationRequest({
        verificationId: challenge.verificationId,
        method,
        code: code.trim(),
      });
      onSignedIn(await completeSignIn(value, password ? { password } : {}));
    } catch (caught) {
      setError(caught);
    } finally {
      setSubmitting(false);
    }
  };

  const tabs = challenge.methods.map((item) => ({
    id: item,
    label: t(`secondVerification.methods.${item}`),
    testId: `second-verification-method-${item}`,
  }));
  const destination =
    method === 'sms' ? challenge.maskedMobile : method === 'email' ? challenge.maskedEmail : null;

  return (
    <form
      className={styles.stack}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      data-testid="second-verification"
    >
      <FormAlert tone="info">{t('secondVerification.lead')}</FormAlert>
      {tabs.length > 1 && (
        <Tabs
          base={base}
          label={t('secondVerification.method')}
          tabs={tabs}
          value={method}
          onChange={(next) => {
            setMethod(next);
            setCode('');
            setFieldError(null);
            setError(null);
          }}
        />
      )}
      <div
        className={styles.stack}
        {...(tabs.length > 1
          ? {
              role: 'tabpanel',
              id: tabPanelId(base, method),
              'aria-labelledby': tabButtonId(base, method),
            }
          : {})}
      >
        {destination && (
          <p className={styles.lead}>{t('secondVerification.sentTo', { destination })}</p>
        )}
        {method === 'totp' && <p className={styles.lead}>{t('secondVerification.totpLead')}</p>}
        <TextField
          label={t(`secondVerification.codeLabel.${method}`)}
          required
          prefix={<Icon name={method === 'payeeName' ? 'user' : 'key'} size={18} />}
          value={code}
          onChange={(event) => {
            setCode(
              method === 'payeeName' ? event.target.value : event.target.value.replace(/\D/g, ''),
            );
            setFieldError(null);
          }}
          autoComplete={method === 'payeeName' ? 'off' : 'one-time-code'}
          inputMode={method === 'payeeName' ? 'text' : 'numeric'}
          maxLength={method === 'payeeName' ? 100 : 6}
          error={fieldError ? t(fieldError) : undefined}
          data-testid="second-verification-code"
          addon={
            method === 'sms' || method === 'email' ? (
              <SendCodeButton
                sender={sender}
                onSend={() => void sender.sendCode()}
                testId="second-verification-send"
              />
            ) : undefined
          }
        />
      </div>
      {error !== null && (
        <FormAlert testId="second-verification-error">{errorText(t, error)}</FormAlert>
      )}
      <SubmitButton busy={submitting} testId="second-verification-submit">
        {submitting ? t('auth.signingIn') : t('secondVerification.submit')}
      </SubmitButton>
      <button type="button" className={`btn btn--ghost ${styles.secondary}`} onClick={onCancel}>
        {t('secondVerification.back')}
      </button>
    </form>
  );
};
