import {
  CompleteSecondVerificationRequestSchema,
  VerificationCodeSchema,
  type SecondVerificationChallenge,
  type SecondVerificationMethod,
} from '@lanna/contract';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormAlert } from '@/components/ui/form/form-alert';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { Tabs, tabButtonId, tabPanelId, useTabsBase } from '@/components/ui/form/tabs';
import { TextField } from '@/components/ui/form/text-field';
import { useContractForm } from '@/components/ui/form/use-contract-form';
import { Icon } from '@/components/ui/icon';
import { completeSecondVerificationRequest } from '../api/complete-second-verification';
import { sendSecondVerificationCodeRequest } from '../api/send-second-verification-code';
import { useCodeSender } from '../hooks/use-code-sender';
import { useCompleteSignIn, type SignInResult } from '../hooks/use-complete-sign-in';
import styles from './auth-forms.module.css';
import { digitsOnly } from './fields/digits-only';
import { SendCodeButton } from './send-code-button';

/** Six digits for the app and the codes; the payee name is the request's text (spec section 4). */
const secondFactorSchema = (method: SecondVerificationMethod) =>
  z.object({
    code:
      method === 'payeeName'
        ? CompleteSecondVerificationRequestSchema.shape.code
        : VerificationCodeSchema,
  });
const MESSAGES = { code: { invalid: 'auth.validation.codeInvalid' } };

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
  const form = useContractForm(secondFactorSchema(method), { code: '' }, { messages: MESSAGES });
  const { isSubmitting } = form.formState;
  const code = form.register('code');

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

  const onValid = async (fields: { code: string }) => {
    const value = await completeSecondVerificationRequest({
      verificationId: challenge.verificationId,
      method,
      code: fields.code,
    });
    onSignedIn(await completeSignIn(value, password ? { password } : {}));
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
      onSubmit={form.submit(onValid)}
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
            form.reset();
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
          {...code}
          onChange={
            method === 'payeeName' ? (event) => void code.onChange(event) : digitsOnly(code)
          }
          autoComplete={method === 'payeeName' ? 'off' : 'one-time-code'}
          inputMode={method === 'payeeName' ? 'text' : 'numeric'}
          maxLength={method === 'payeeName' ? 100 : 6}
          error={form.fieldError('code')}
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
      {form.alert && <FormAlert testId="second-verification-error">{form.alert}</FormAlert>}
      <SubmitButton busy={isSubmitting} testId="second-verification-submit">
        {isSubmitting ? t('auth.signingIn') : t('secondVerification.submit')}
      </SubmitButton>
      <button type="button" className={`btn btn--ghost ${styles.secondary}`} onClick={onCancel}>
        {t('secondVerification.back')}
      </button>
    </form>
  );
};
