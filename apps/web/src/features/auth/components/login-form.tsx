import type { LoginPayload, SecondVerificationChallenge } from '@lanna/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '@/components/ui/form/checkbox-field';
import { FormAlert } from '@/components/ui/form/form-alert';
import { Tabs, tabButtonId, tabPanelId, useTabsBase } from '@/components/ui/form/tabs';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { PasswordField } from '@/components/ui/form/text-field';
import { useContractForm } from '@/components/ui/form/use-contract-form';
import { Icon } from '@/components/ui/icon';
import { isApiError } from '@/lib/api/api-error';
import { agentLoginRequest } from '../api/agent-login';
import { loginRequest } from '../api/login';
import { useCaptcha } from '../hooks/use-captcha';
import { useMobileCodeSender } from '../hooks/use-mobile-code-sender';
import { usePreparedHumanProof } from '../hooks/use-prepared-human-proof';
import { useCompleteSignIn, type SignInResult } from '../hooks/use-complete-sign-in';
import {
  LOGIN_MESSAGES,
  loginSchema,
  type LoginFields,
  type LoginTab,
} from '../utils/login-schema';
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
  const form = useContractForm(
    loginSchema(tab, captcha.required),
    {
      username: readRememberedUsername(),
      password: '',
      mobile: '',
      code: '',
      captcha: '',
    },
    { messages: LOGIN_MESSAGES },
  );
  const [remember, setRemember] = useState(() => readRememberedUsername() !== '');
  const [challenge, setChallenge] = useState<SecondVerificationChallenge | null>(null);
  const { isSubmitting } = form.formState;

  const sender = useMobileCodeSender(form.watch('mobile'), 'login');

  const onSendCode = async () => {
    if (await form.trigger('mobile', { shouldFocus: true })) void sender.sendCode();
  };

  const payloadOf = async (fields: LoginFields): Promise<LoginPayload> => {
    const humanVerification = await takeHumanProof();
    const payload: LoginPayload =
      tab === 'username'
        ? {
            username: fields.username,
            password: fields.password,
            type: 'username',
            humanVerification,
          }
        : { username: fields.mobile, password: fields.code, type: 'sms', humanVerification };
    if (captcha.required && captcha.captcha) {
      payload.captcha = fields.captcha;
      payload.captchaId = captcha.captcha.captchaId;
    }
    return payload;
  };

  /** The password was right: remember the username or forget it, as the box says. */
  const keepRememberChoice = (username: string) => {
    if (tab !== 'username') return;
    if (remember) rememberUsername(username);
    else forgetUsername();
  };

  const onValid = async (fields: LoginFields) => {
    try {
      const value = await (area === 'agent' ? agentLoginRequest : loginRequest)(
        await payloadOf(fields),
      );
      keepRememberChoice(fields.username);
      const result = await completeSignIn(
        value,
        tab === 'username' ? { password: fields.password } : {},
      );
      onSignedIn(result);
    } catch (caught) {
      // A login from a new address is held back until a second factor finishes it.
      if (isApiError(caught) && caught.secondVerification) {
        keepRememberChoice(fields.username);
        setChallenge(caught.secondVerification);
        return;
      }
      // A captcha answers once: after any failure with a captcha due, show a new one.
      if ((isApiError(caught) && caught.captchaRequired) || captcha.required) {
        captcha.demand();
        form.setValue('captcha', '');
      }
      throw caught;
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
        password={tab === 'username' ? form.getValues('password') : undefined}
        onSignedIn={onSignedIn}
        onCancel={() => {
          setChallenge(null);
          form.setValue('password', '');
          form.setValue('code', '');
        }}
      />
    );
  }

  return (
    <form className={styles.stack} noValidate onSubmit={form.submit(onValid)}>
      {showTabs && (
        <Tabs
          base={base}
          label={t('auth.loginMethod')}
          tabs={tabs}
          value={tab}
          onChange={(next) => {
            setTab(next);
            form.clearErrors();
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
              field={form.register('username')}
              placeholder={t('auth.usernamePlaceholder')}
              error={form.fieldError('username')}
              testId="login-username"
            />
            <PasswordField
              label={t('auth.password')}
              required
              prefix={<Icon name="lock" size={18} />}
              {...form.register('password')}
              autoComplete="current-password"
              maxLength={128}
              placeholder={t('auth.passwordPlaceholder')}
              error={form.fieldError('password')}
              data-testid="login-password"
            />
          </>
        ) : (
          <>
            <MobileField
              field={form.register('mobile')}
              placeholder={t('auth.mobilePlaceholder')}
              error={form.fieldError('mobile')}
              testId="login-mobile"
            />
            <CodeField
              field={form.register('code')}
              error={form.fieldError('code')}
              testId="login-code"
              sendCode={{ sender, onSend: () => void onSendCode(), testId: 'login-send-code' }}
            />
          </>
        )}
        {captcha.required && (
          <CaptchaField
            captcha={captcha.captcha}
            loading={captcha.loading}
            failed={captcha.failed}
            field={form.register('captcha')}
            onRefresh={captcha.refresh}
            error={form.fieldError('captcha')}
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
      {form.alert && <FormAlert testId="login-error">{form.alert}</FormAlert>}
      <SubmitButton busy={isSubmitting} testId="login-submit">
        {isSubmitting ? t('auth.signingIn') : t('auth.login')}
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
