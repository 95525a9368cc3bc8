import {
  ForgotPasswordEmailRequestSchema,
  VerificationCodeSchema,
  type FieldRule,
} from '@lanna/contract';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { focusFirstInvalid } from '@/components/ui/form/focus-first-invalid';
import { FormAlert } from '@/components/ui/form/form-alert';
import { Tabs, tabButtonId, tabPanelId, useTabsBase } from '@/components/ui/form/tabs';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { TextField } from '@/components/ui/form/text-field';
import { Icon } from '@/components/ui/icon';
import { forgotPasswordByEmailRequest } from '../api/forgot-password-email';
import { resetPasswordByCodeRequest } from '../api/reset-password-by-code';
import { useMobileCodeSender } from '../hooks/use-mobile-code-sender';
import { useCompleteSignIn, type SignInResult } from '../hooks/use-complete-sign-in';
import { errorText } from '../utils/error-message';
import type { Message } from '../utils/field-message';
import { solveHumanProof } from '../utils/human-proof';
import { isMobileNumber } from '../utils/mobile-number';
import styles from './auth-forms.module.css';
import { validateChangePassword } from './change-password-form';
import { CodeField } from './fields/code-field';
import { MobileField } from './fields/mobile-field';
import { NewPasswordFields } from './fields/new-password-fields';
import { UsernameField } from './fields/username-field';

export type ForgotTab = 'mobile' | 'email';

type ResetFields = {
  username: string;
  email: string;
  mobile: string;
  code: string;
  newPassword: string;
  confirmNewPassword: string;
};
type FieldName = keyof ResetFields;
type FieldErrors = Partial<Record<FieldName, Message>>;

const EMPTY: ResetFields = {
  username: '',
  email: '',
  mobile: '',
  code: '',
  newPassword: '',
  confirmNewPassword: '',
};

/** E-mail tab rules (spec section 5): username required, e-mail required and valid. */
export const validateForgotEmail = (fields: Pick<ResetFields, 'username' | 'email'>) => {
  const errors: FieldErrors = {};
  if (!fields.username.trim()) errors.username = { key: 'validation.required' };
  if (!fields.email.trim()) errors.email = { key: 'validation.required' };
  else if (!ForgotPasswordEmailRequestSchema.shape.email.safeParse(fields.email.trim()).success)
    errors.email = { key: 'validation.emailInvalid' };
  return errors;
};

/**
 * The reset step (spec section 5, Forgot password): the mobile number on the phone tab, the
 * code and a new password that passes the merchant's rule, confirmed.
 */
export const validateReset = (
  fields: ResetFields,
  passwordRule: FieldRule | undefined,
  byMobile: boolean,
): FieldErrors => {
  const errors: FieldErrors = {};
  if (byMobile) {
    if (!fields.mobile.trim()) errors.mobile = { key: 'validation.required' };
    else if (!isMobileNumber(fields.mobile))
      errors.mobile = { key: 'auth.validation.mobileInvalid' };
  }
  if (!fields.code.trim()) errors.code = { key: 'validation.required' };
  else if (!VerificationCodeSchema.safeParse(fields.code).success)
    errors.code = { key: 'auth.validation.codeInvalid' };
  const passwords = validateChangePassword(
    {
      oldPassword: '',
      newPassword: fields.newPassword,
      confirmNewPassword: fields.confirmNewPassword,
    },
    passwordRule,
    true,
  );
  return { ...errors, ...passwords };
};

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
  const [fields, setFields] = useState<ResetFields>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<unknown>(null);
  const [submitting, setSubmitting] = useState(false);
  const [emailSent, setEmailSent] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const resetStep = byMobile || emailSent;

  const set = (name: FieldName) => (value: string) => {
    setFields((current) => ({ ...current, [name]: value }));
    setFieldErrors((current) => ({ ...current, [name]: undefined }));
  };
  const messageOf = (name: FieldName) => {
    const message = fieldErrors[name];
    return message ? t(message.key, message.values) : undefined;
  };

  const sender = useMobileCodeSender(fields.mobile, 'resetPassword');
  const onSendCode = () => {
    if (!isMobileNumber(fields.mobile)) {
      setFieldErrors((current) => ({
        ...current,
        mobile: {
          key: fields.mobile.trim() ? 'auth.validation.mobileInvalid' : 'validation.required',
        },
      }));
      return;
    }
    void sender.sendCode();
  };

  const requestEmail = async () => {
    const { proof } = await solveHumanProof();
    await forgotPasswordByEmailRequest({
      username: fields.username.trim(),
      email: fields.email.trim(),
      humanProof: proof,
    });
    setConfirming(true);
  };

  const reset = async () => {
    const value = await resetPasswordByCodeRequest({
      newPassword: fields.newPassword,
      verificationCode: fields.code.trim(),
      ...(byMobile ? { mobileNum: fields.mobile.trim() } : { username: fields.username.trim() }),
    });
    onSignedIn(await completeSignIn(value));
  };

  const onSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const errors = resetStep
      ? validateReset(fields, passwordRule, byMobile)
      : validateForgotEmail(fields);
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) {
      focusFirstInvalid(event.currentTarget);
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      await (resetStep ? reset() : requestEmail());
    } catch (caught) {
      setError(caught);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form className={styles.stack} noValidate onSubmit={(event) => void onSubmit(event)}>
      {!byMobile && (
        <p className={styles.lead}>{t(emailSent ? 'forgot.emailCodeLead' : 'forgot.emailLead')}</p>
      )}
      {!byMobile && (
        <UsernameField
          value={fields.username}
          onChange={set('username')}
          readOnly={emailSent}
          error={messageOf('username')}
          testId="forgot-username"
        />
      )}
      {!byMobile && !emailSent && (
        <TextField
          label={t('forgot.email')}
          required
          type="email"
          prefix={<Icon name="mail" size={18} />}
          value={fields.email}
          onChange={(event) => set('email')(event.target.value)}
          autoComplete="email"
          maxLength={254}
          error={messageOf('email')}
          data-testid="forgot-email"
        />
      )}
      {byMobile && (
        <MobileField
          value={fields.mobile}
          onChange={set('mobile')}
          error={messageOf('mobile')}
          testId="forgot-mobile"
        />
      )}
      {resetStep && (
        <>
          <CodeField
            value={fields.code}
            onChange={set('code')}
            error={messageOf('code')}
            testId="forgot-code"
            sendCode={
              byMobile ? { sender, onSend: onSendCode, testId: 'forgot-send-code' } : undefined
            }
          />
          <NewPasswordFields
            values={fields}
            set={set}
            messageOf={messageOf}
            newTestId="forgot-new-password"
            confirmTestId="forgot-confirm-password"
          />
        </>
      )}
      {error !== null && <FormAlert testId="forgot-error">{errorText(t, error)}</FormAlert>}
      <SubmitButton busy={submitting} testId="forgot-submit">
        {submitting
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
