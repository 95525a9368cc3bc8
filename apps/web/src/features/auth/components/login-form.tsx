import {
  VerificationCodeSchema,
  type LoginPayload,
  type SecondVerificationChallenge,
} from '@lanna/contract';
import { useState, type SyntheticEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '@/components/ui/form/checkbox-field';
import { FormAlert } from '@/components/ui/form/form-alert';
import { focusFirstInvalid } from '@/components/ui/form/focus-first-invalid';
import { Tabs, tabButtonId, tabPanelId, useTabsBase } from '@/components/ui/form/tabs';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { PasswordField } from '@/components/ui/form/text-field';
import { Icon } from '@/components/ui/icon';
import { isApiError } from '@/lib/api/api-error';
import { agentLoginRequest } from '../api/agent-login';
import { loginRequest } from '../api/login';
import { useCaptcha } from '../hooks/use-captcha';
import { useMobileCodeSender } from '../hooks/use-mobile-code-sender';
import { usePreparedHumanProof } from '../hooks/use-prepared-human-proof';
import { useCompleteSignIn, type SignInResult } from '../hooks/use-complete-sign-in';
import { errorText } from '../utils/error-message';
import { isMobileNumber } from '../utils/mobile-number';
import {
  forgetUsername,
  readRememberedUsername,
  rememberUsername,
} from '../utils/remembered-username';
import styles from './auth-forms.module.css';
import { CaptchaField } from './captcha-field';
import { CodeField } from './fields/code-field';
import { MobileField } from './fields/mobile-field';
import { UsernameField } from './fields/username-field';
import { SecondVerificationForm } from './second-verification-form';
import { SocialLoginButtons } from './social-login-buttons';

export type LoginTab = 'username' | 'mobile';
export type LoginFields = {
  username: string;
  password: string;
  mobile: string;
  code: string;
  captcha: string;
};
type FieldErrors = Partial<Record<keyof LoginFields, string>>;

/**
 * Login rules of spec section 5: the username (or, on the code tab, a valid mobile number) and
 * the password (or a valid code) are required, and so is the captcha when it is shown. Returns
 * translation keys by field.
 */
export const validateLogin = (
  tab: LoginTab,
  fields: LoginFields,
  captchaShown: boolean,
): FieldErrors => {
  const errors: FieldErrors = {};
  if (tab === 'username') {
    if (!fields.username.trim()) errors.username = 'auth.validation.usernameRequired';
    if (!fields.password) errors.password = 'auth.validation.passwordRequired';
  } else {
    if (!fields.mobile.trim()) errors.mobile = 'auth.validation.mobileRequired';
    else if (!isMobileNumber(fields.mobile)) errors.mobile = 'auth.validation.mobileInvalid';
    if (!fields.code.trim()) errors.code = 'auth.validation.codeRequired';
    else if (!VerificationCodeSchema.safeParse(fields.code).success)
      errors.code = 'auth.validation.codeInvalid';
  }
  if (captchaShown && !fields.captcha.trim()) errors.captcha = 'auth.validation.captchaRequired';
  return errors;
};

type LoginFormProps = {
  /** The site's login popup, or the agent area's login page (agents only). */
  area: 'site' | 'agent';
  /** The mobile-code tab (flag MOBILEVERCODELOGIN3). */
  codeLogin: boolean;
  onSignedIn: (result: SignInResult) => void;
  onForgotPassword?: (() => void) | undefined;
  onRegister?: (() => void) | undefined;
  /** Extra actions under the form (free play). */
  children?: ReactNode;
};

/**
 * The login form (spec section 2, Login popup): username and password, or mobile number and
 * SMS code; remember-me; the captcha once a failed login asks for it; forgot-password and
 * register links.
 */
export const LoginForm = ({
  area,
  codeLogin,
  onSignedIn,
  onForgotPassword,
  onRegister,
  children,
}: LoginFormProps) => {
  const { t } = useTranslation();
  const base = useTabsBase();
  const completeSignIn = useCompleteSignIn();
  const captcha = useCaptcha();
  const takeHumanProof = usePreparedHumanProof();
  const [tab, setTab] = useState<LoginTab>('username');
  const [fields, setFields] = useState<LoginFields>(() => ({
    username: readRememberedUsername(),
    password: '',
    mobile: '',
    code: '',
    captcha: '',
  }));
  const [remember, setRemember] = useState(() => readRememberedUsername() !== '');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<unknown>(null);
  const [submitting, setSubmitting] = useState(false);
  const [challenge, setChallenge] = useState<SecondVerificationChallenge | null>(null);

  const set = (name: keyof LoginFields) => (value: string) => {
    setFields((current) => ({ ...current, [name]: value }));
    setFieldErrors((current) => ({ ...current, [name]: undefined }));
  };
  const fieldError = (name: keyof LoginFields) => {
    const key = fieldErrors[name];
    return key ? t(key) : undefined;
  };

  const sender = useMobileCodeSender(fields.mobile, 'login');

  const onSendCode = () => {
    if (!isMobileNumber(fields.mobile)) {
      setFieldErrors((current) => ({
        ...current,
        mobile: fields.mobile.trim()
          ? 'auth.validation.mobileInvalid'
          : 'auth.validation.mobileRequired',
      }));
      return;
    }
    void sender.sendCode();
  };

  const payloadOf = async (): Promise<LoginPayload> => {
    const humanVerification = await takeHumanProof();
    const payload: LoginPayload =
      tab === 'username'
        ? {
            username: fields.username.trim(),
            password: fields.password,
            type: 'username',
            humanVerification,
          }
        : {
            username: fields.mobile.trim(),
            password: fields.code.trim(),
            type: 'sms',
            humanVerification,
          };
    if (captcha.required && captcha.captcha) {
      payload.captcha = fields.captcha.trim();
      payload.captchaId = captcha.captcha.captchaId;
    }
    return payload;
  };

  /** The password was right: remember the username or forget it, as the box says. */
  const keepRememberChoice = () => {
    if (tab !== 'username') return;
    if (remember) rememberUsername(fields.username.trim());
    else forgetUsername();
  };

  const onSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const errors = validateLogin(tab, fields, captcha.required);
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) {
      focusFirstInvalid(event.currentTarget);
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      const value = await (area === 'agent' ? agentLoginRequest : loginRequest)(await payloadOf());
      keepRememberChoice();
      const result = await completeSignIn(
        value,
        tab === 'username' ? { password: fields.password } : {},
      );
      onSignedIn(result);
    } catch (caught) {
      // A login from a new address is held back until a second factor finishes it.
      if (isApiError(caught) && caught.secondVerification) {
        keepRememberChoice();
        setChallenge(caught.secondVerification);
        return;
      }
      setError(caught);
      // A captcha answers once: after any failure with a captcha due, show a new one.
      if ((isApiError(caught) && caught.captchaRequired) || captcha.required) {
        captcha.demand();
        setFields((current) => ({ ...current, captcha: '' }));
      }
    } finally {
      setSubmitting(false);
    }
  };

  const tabs = [
    { id: 'username' as const, label: t('auth.tabAccount'), testId: 'login-tab-username' },
    { id: 'mobile' as const, label: t('auth.tabMobile'), testId: 'login-tab-mobile' },
  ];
  const showTabs = codeLogin && area === 'site';

  if (challenge) {
    return (
      <SecondVerificationForm
        challenge={challenge}
        password={tab === 'username' ? fields.password : undefined}
        onSignedIn={onSignedIn}
        onCancel={() => {
          setChallenge(null);
          setFields((current) => ({ ...current, password: '', code: '' }));
        }}
      />
    );
  }

  return (
    <form className={styles.stack} noValidate onSubmit={(event) => void onSubmit(event)}>
      {showTabs && (
        <Tabs
          base={base}
          label={t('auth.loginMethod')}
          tabs={tabs}
          value={tab}
          onChange={(next) => {
            setTab(next);
            setFieldErrors({});
            setError(null);
          }}
        />
      )}
      <div
        className={styles.stack}
        {...(showTabs
          ? {
              role: 'tabpanel',
              id: tabPanelId(base, tab),
              'aria-labelledby': tabButtonId(base, tab),
            }
          : {})}
      >
        {tab === 'username' ? (
          <>
            <UsernameField
              value={fields.username}
              onChange={set('username')}
              placeholder={t('auth.usernamePlaceholder')}
              error={fieldError('username')}
              testId="login-username"
            />
            <PasswordField
              label={t('auth.password')}
              required
              prefix={<Icon name="lock" size={18} />}
              value={fields.password}
              onChange={(event) => set('password')(event.target.value)}
              autoComplete="current-password"
              maxLength={128}
              placeholder={t('auth.passwordPlaceholder')}
              error={fieldError('password')}
              data-testid="login-password"
            />
          </>
        ) : (
          <>
            <MobileField
              value={fields.mobile}
              onChange={set('mobile')}
              placeholder={t('auth.mobilePlaceholder')}
              error={fieldError('mobile')}
              testId="login-mobile"
            />
            <CodeField
              value={fields.code}
              onChange={set('code')}
              error={fieldError('code')}
              testId="login-code"
              sendCode={{ sender, onSend: onSendCode, testId: 'login-send-code' }}
            />
          </>
        )}
        {captcha.required && (
          <CaptchaField
            captcha={captcha.captcha}
            loading={captcha.loading}
            failed={captcha.failed}
            value={fields.captcha}
            onChange={set('captcha')}
            onRefresh={captcha.refresh}
            error={fieldError('captcha')}
            testId="login-captcha"
          />
        )}
        <div className={styles.row}>
          {tab === 'username' ? (
            <CheckboxField
              label={t('auth.remember')}
              checked={remember}
              onChange={(event) => setRemember(event.target.checked)}
              data-testid="login-remember"
            />
          ) : (
            <span />
          )}
          {onForgotPassword && (
            <button
              type="button"
              className={styles.link}
              onClick={onForgotPassword}
              data-testid="login-forgot"
            >
              {t('auth.forgotPassword')}
            </button>
          )}
        </div>
      </div>
      {error !== null && <FormAlert testId="login-error">{errorText(t, error)}</FormAlert>}
      <SubmitButton busy={submitting} testId="login-submit">
        {submitting ? t('auth.signingIn') : t('auth.login')}
      </SubmitButton>
      {children}
      {area === 'site' && <SocialLoginButtons />}
      {onRegister && (
        <p className={styles.footerLine}>
          <span>{t('auth.noAccount')}</span>
          <button
            type="button"
            className={styles.link}
            onClick={onRegister}
            data-testid="login-register"
          >
            {t('auth.registerNow')}
          </button>
        </p>
      )}
    </form>
  );
};
