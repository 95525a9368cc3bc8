import type { FieldRule } from '@lanna/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormAlert } from '@/components/ui/form/form-alert';
import { Tabs, tabButtonId, tabPanelId, useTabsBase } from '@/components/ui/form/tabs';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { TextField } from '@/components/ui/form/text-field';
import { useContractForm } from '@/components/ui/form/use-contract-form';
import { Icon } from '@/components/ui/icon';
import { forgotPasswordByEmailRequest } from '../api/forgot-password-email';
import { resetPasswordByCodeRequest } from '../api/reset-password-by-code';
import { useMobileCodeSender } from '../hooks/use-mobile-code-sender';
import { useCompleteSignIn, type SignInResult } from '../hooks/use-complete-sign-in';
import {
  FORGOT_PASSWORD_MESSAGES,
  forgotPasswordSchema,
  type ForgotPasswordFields,
  type ForgotTab,
} from '../utils/forgot-password-schema';
import { solveHumanProof } from '../utils/human-proof';
import styles from './auth-forms.module.css';
import { CodeField } from './fields/code-field';
import { MobileField } from './fields/mobile-field';
import { NewPasswordFields } from './fields/new-password-fields';
import { UsernameField } from './fields/username-field';

type ResetFormProps = {
  method: ForgotTab;
  passwordRule: FieldRule | undefined;
  onSignedIn: (result: SignInResult) => void;
};

/**
 * One tab of the forgot-password form. By mobile: number, SMS code, new password; success logs
 * the member in (spec section 4, Forgot password). By e-mail: username and e-mail first (sent
 * form-urlencoded with a human check; the same answer whether or not the account exists), a
 * confirmation, then the code from the e-mail and a new password, which logs the member in.
 */
const ResetForm = ({ method, passwordRule, onSignedIn }: ResetFormProps) => {
  const { t } = useTranslation();
  const completeSignIn = useCompleteSignIn();
  const byMobile = method === 'mobile';
  const [emailSent, setEmailSent] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const resetStep = byMobile || emailSent;
  const form = useContractForm(
    forgotPasswordSchema(method, resetStep, passwordRule),
    { username: '', email: '', mobile: '', code: '', newPassword: '', confirmNewPassword: '' },
    { messages: FORGOT_PASSWORD_MESSAGES },
  );
  const { isSubmitting } = form.formState;

  const sender = useMobileCodeSender(form.watch('mobile'), 'resetPassword');
  const onSendCode = async () => {
    if (await form.trigger('mobile', { shouldFocus: true })) void sender.sendCode();
  };

  const requestEmail = async (fields: ForgotPasswordFields) => {
    const { proof } = await solveHumanProof();
    await forgotPasswordByEmailRequest({
      username: fields.username,
      email: fields.email,
      humanProof: proof,
    });
    setConfirming(true);
  };

  const reset = async (fields: ForgotPasswordFields) => {
    const value = await resetPasswordByCodeRequest({
      newPassword: fields.newPassword,
      verificationCode: fields.code,
      ...(byMobile ? { mobileNum: fields.mobile } : { username: fields.username }),
    });
    onSignedIn(await completeSignIn(value));
  };

  return (
    <form
      className={styles.stack}
      noValidate
      onSubmit={form.submit((fields) => (resetStep ? reset(fields) : requestEmail(fields)))}
    >
      {!byMobile && (
        <p className={styles.lead}>{t(emailSent ? 'forgot.emailCodeLead' : 'forgot.emailLead')}</p>
      )}
      {!byMobile && (
        <UsernameField
          field={form.register('username')}
          readOnly={emailSent}
          error={form.fieldError('username')}
          testId="forgot-username"
        />
      )}
      {!byMobile && !emailSent && (
        <TextField
          label={t('forgot.email')}
          required
          type="email"
          prefix={<Icon name="mail" size={18} />}
          {...form.register('email')}
          autoComplete="email"
          maxLength={254}
          error={form.fieldError('email')}
          data-testid="forgot-email"
        />
      )}
      {byMobile && (
        <MobileField
          field={form.register('mobile')}
          error={form.fieldError('mobile')}
          testId="forgot-mobile"
        />
      )}
      {resetStep && (
        <>
          <CodeField
            field={form.register('code')}
            error={form.fieldError('code')}
            testId="forgot-code"
            sendCode={
              byMobile
                ? { sender, onSend: () => void onSendCode(), testId: 'forgot-send-code' }
                : undefined
            }
          />
          <NewPasswordFields
            form={form}
            newTestId="forgot-new-password"
            confirmTestId="forgot-confirm-password"
          />
        </>
      )}
      {form.alert && <FormAlert testId="forgot-error">{form.alert}</FormAlert>}
      <SubmitButton busy={isSubmitting} testId="forgot-submit">
        {isSubmitting
          ? t('auth.sending')
          : resetStep
            ? t('forgot.resetPassword')
            : t('forgot.sendEmail')}
      </SubmitButton>
      <ConfirmDialog
        name="forgotEmailSentModal"
        open={confirming}
        title={t('in_popup_prompt')}
        confirmLabel={t('auth.confirm')}
        confirmTestId="forgot-email-sent-confirm"
        onConfirm={() => {
          setConfirming(false);
          setEmailSent(true);
        }}
      >
        <p data-testid="forgot-email-sent">{t('forgot.emailSent')}</p>
      </ConfirmDialog>
    </form>
  );
};

type ForgotPasswordFormProps = {
  /** Mobile when white-label flag CHNGPASSVERIF3 is on, otherwise e-mail (spec section 2). */
  defaultTab: ForgotTab;
  /** The merchant's password rule (registration rules, field `password`). */
  passwordRule: FieldRule | undefined;
  /** The reset signed the member in: close the popup and go home. */
  onSignedIn: (result: SignInResult) => void;
};

/** The forgot-password form of `forgetPassModal` and of the /forget page. */
export const ForgotPasswordForm = ({
  defaultTab,
  passwordRule,
  onSignedIn,
}: ForgotPasswordFormProps) => {
  const { t } = useTranslation();
  const base = useTabsBase();
  const [tab, setTab] = useState<ForgotTab>(defaultTab);
  const tabs = [
    { id: 'mobile' as const, label: t('forgot.tabMobile'), testId: 'forgot-tab-mobile' },
    { id: 'email' as const, label: t('forgot.tabEmail'), testId: 'forgot-tab-email' },
  ];
  return (
    <div className={styles.stack} data-testid="forgot-form" data-tab={tab}>
      <Tabs base={base} label={t('forgot.method')} tabs={tabs} value={tab} onChange={setTab} />
      <div role="tabpanel" id={tabPanelId(base, tab)} aria-labelledby={tabButtonId(base, tab)}>
        <ResetForm key={tab} method={tab} passwordRule={passwordRule} onSignedIn={onSignedIn} />
      </div>
    </div>
  );
};
