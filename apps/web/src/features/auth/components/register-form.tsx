import type {
  FieldVerdict,
  RegisterField,
  RegisterMobilePayload,
  RegisterPayload,
  RegisterRules,
  RegisterSettings,
} from '@lanna/contract';
import { useCallback, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CheckboxField } from '@/components/ui/form/checkbox-field';
import { FormAlert } from '@/components/ui/form/form-alert';
import { focusFirstInvalid } from '@/components/ui/form/focus-first-invalid';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { Tabs, tabButtonId, tabPanelId, useTabsBase } from '@/components/ui/form/tabs';
import { PasswordField, TextField } from '@/components/ui/form/text-field';
import { isApiError } from '@/lib/api/api-error';
import { getAffiliateRequest } from '../api/get-affiliate';
import { registerRequest } from '../api/register';
import { registerMobileRequest } from '../api/register-mobile';
import { sendRegisterSmsCodeRequest } from '../api/send-register-sms-code';
import { useCodeSender } from '../hooks/use-code-sender';
import { useCompleteSignIn, type SignInResult } from '../hooks/use-complete-sign-in';
import { errorText, issuesByField } from '../utils/error-message';
import { fieldMessage } from '../utils/field-message';
import { solveHumanProof } from '../utils/human-proof';
import { isMobileNumber, mobileUsername } from '../utils/mobile-number';
import {
  effectiveRule,
  isRequired,
  registerLayout,
  validateRegister,
  type RegisterErrors,
  type RegisterFormField,
  type RegisterTab,
  type RegisterValues,
} from '../utils/register-fields';
import styles from './auth-forms.module.css';
import { CodeField } from './fields/code-field';

type RegisterFormProps = {
  settings: RegisterSettings;
  rules: RegisterRules;
  /** From `?referralCode=` (spec section 2): the referrer is recorded. */
  referralCode: string | null;
  onRegistered: (result: SignInResult) => void;
  onLogin: () => void;
};

/** Fields typed as passwords, numbers, e-mail or dates; everything else is text. */
const INPUT_KIND: Partial<Record<RegisterField, 'password' | 'numeric' | 'email' | 'date'>> = {
  password: 'password',
  paymentPassword: 'password',
  mobileNum: 'numeric',
  qqNum: 'numeric',
  email: 'email',
  birthday: 'date',
};

const AUTOCOMPLETE: Partial<Record<RegisterField, string>> = {
  username: 'username',
  password: 'new-password',
  paymentPassword: 'off',
  email: 'email',
  mobileNum: 'tel-national',
  nickname: 'nickname',
  payeeName: 'name',
  birthday: 'bday',
  address: 'street-address',
};

const TEST_ID: Partial<Record<RegisterFormField, string>> = {
  username: 'register-username',
  password: 'register-password',
  confirmPassword: 'register-confirm',
  mobileNum: 'register-mobile',
  verificationCode: 'register-code',
};

const HINTED: readonly RegisterField[] = ['username', 'password'];

const VERDICTS = new Set<string>(['required', 'tooShort', 'tooLong', 'pattern']);

/**
 * The registration popup's form (spec sections 2, 4 and 5): a username tab and, with
 * MOBILENUMREG3, a mobile tab; the merchant's fields and rules; terms and age boxes; the
 * affiliate code checked first; signed in on success.
 */
export const RegisterForm = ({
  settings,
  rules,
  referralCode,
  onRegistered,
  onLogin,
}: RegisterFormProps) => {
  const { t } = useTranslation();
  const base = useTabsBase();
  const completeSignIn = useCompleteSignIn();
  const [tab, setTab] = useState<RegisterTab>('username');
  const [values, setValues] = useState<RegisterValues>({});
  const [termsAccepted, setTermsAccepted] = useState(settings.termsCheckedByDefault);
  const [ageConfirmed, setAgeConfirmed] = useState(false);
  const [errors, setErrors] = useState<RegisterErrors>({});
  const [error, setError] = useState<unknown>(null);
  const [invalidInvitation, setInvalidInvitation] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const layout = registerLayout(tab, rules, settings);

  const value = (field: RegisterFormField) => values[field] ?? '';
  const set = (field: RegisterFormField, next: string) => {
    setValues((current) => ({ ...current, [field]: next }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const messageOf = (field: keyof RegisterErrors) => {
    const message = errors[field];
    return message ? t(message.key, message.values) : undefined;
  };

  const mobile = value('mobileNum').trim();
  const prepare = useCallback((signal: AbortSignal) => solveHumanProof(signal), []);
  const send = useCallback(
    (humanVerification: Awaited<ReturnType<typeof solveHumanProof>>, signal: AbortSignal) =>
      sendRegisterSmsCodeRequest(
        {
          mobileNo: mobile,
          regType: tab,
          countryDialingCode: settings.countryDialingCode,
          humanVerification,
        },
        signal,
      ),
    [mobile, tab, settings.countryDialingCode],
  );
  const sender = useCodeSender({ prepare, send });
  const onSendCode = () => {
    if (!isMobileNumber(mobile) || mobile.length !== settings.mobileLength) {
      setErrors((current) => ({
        ...current,
        mobileNum: mobile
          ? { key: 'register.mobileLength', values: { count: settings.mobileLength } }
          : { key: 'validation.required' },
      }));
      return;
    }
    void sender.sendCode();
  };

  /** Everything both registrations send; the username tab adds the username. */
  const commonPayload = (): Omit<RegisterPayload, 'username'> => {
    const payload: Omit<RegisterPayload, 'username'> = {
      password: layout.password ? value('password') : '',
      confirmPassword: layout.password ? value('confirmPassword') : '',
      termsAccepted,
      ageConfirmed,
      registerMethod: 'WEB',
      login: true,
      domain: window.location.hostname,
      registerUrl: window.location.href.slice(0, 2048),
    };
    const extra = payload as Record<string, unknown>;
    for (const field of [...layout.identity, ...layout.profile]) {
      if (field === 'username') continue;
      const text = value(field).trim();
      // Passwords and dates go as typed; other text without surrounding spaces.
      if (text) extra[field] = INPUT_KIND[field] === 'password' ? value(field) : text;
    }
    if (mobile) payload.countryDialingCode = settings.countryDialingCode;
    const affiliateCode = value('affiliateCode').trim();
    if (layout.affiliateCode && affiliateCode) payload.affiliateCode = affiliateCode;
    if (referralCode) payload.referralCode = referralCode;
    const code = value('verificationCode').trim();
    if (layout.verificationCode && code) payload.verificationCode = code;
    return payload;
  };

  /**
   * By username, or by mobile number (MOBILENUMREG3), where the server makes the username
   * from the number without its leading zeros (spec section 4, Registration).
   */
  const submitRegistration = () => {
    const payload = commonPayload();
    if (tab === 'mobile') {
      const mobilePayload: RegisterMobilePayload = { ...payload, mobileNum: mobile };
      return registerMobileRequest(mobilePayload);
    }
    return registerRequest({ ...payload, username: value('username').trim() });
  };

  /** Field issues the server found, as the same per-pattern messages. */
  const serverFieldErrors = (caught: unknown): RegisterErrors => {
    const found: RegisterErrors = {};
    for (const [path, verdict] of Object.entries(issuesByField(caught))) {
      const field = path as RegisterField;
      const rule = effectiveRule(tab, rules, field);
      found[field] =
        rule && VERDICTS.has(verdict)
          ? (fieldMessage(rule, verdict as FieldVerdict) ?? { key: 'validation.invalid' })
          : { key: 'validation.invalid' };
    }
    return found;
  };

  const onSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const found = validateRegister({
      tab,
      rules,
      settings,
      values,
      checks: { termsAccepted, ageConfirmed },
      today: new Date(),
    });
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(event.currentTarget);
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      // An affiliate code is checked first (spec section 4, Registration).
      const affiliateCode = value('affiliateCode').trim();
      if (layout.affiliateCode && affiliateCode) {
        await getAffiliateRequest(affiliateCode, window.location.hostname);
      }
      const result = await completeSignIn(await submitRegistration(), {
        password: layout.password ? value('password') : undefined,
      });
      onRegistered(result);
    } catch (caught) {
      if (isApiError(caught) && caught.code === 'INVALID_INVITATION_CODE') {
        setInvalidInvitation(true);
      } else {
        setError(caught);
        setErrors(serverFieldErrors(caught));
      }
    } finally {
      setSubmitting(false);
    }
  };

  /** The rule's own sentence under the account fields, so the member knows it before typing. */
  const hintOf = (field: RegisterField) => {
    const rule = effectiveRule(tab, rules, field);
    if (!rule || !HINTED.includes(field)) return undefined;
    const message = fieldMessage(rule, 'pattern');
    return message ? t(message.key, message.values) : undefined;
  };

  const renderField = (field: RegisterField, wide = false) => {
    const kind = INPUT_KIND[field];
    const common = {
      className: wide ? styles.wide : undefined,
      hint: hintOf(field),
      label: t(`register.fields.${field}`),
      required: isRequired(tab, rules, field),
      value: value(field),
      error: messageOf(field),
      autoComplete: AUTOCOMPLETE[field] ?? 'off',
      // No cap from the rule: a Thai syllable is several code units but one character, and
      // the rule's message says the bounds better than a silently stopped keyboard.
      maxLength: 254,
      'data-testid': TEST_ID[field] ?? `register-${field}`,
    };
    if (kind === 'password') {
      return (
        <PasswordField
          key={field}
          {...common}
          onChange={(event) => set(field, event.target.value)}
        />
      );
    }
    return (
      <TextField
        key={field}
        {...common}
        type={kind === 'email' ? 'email' : kind === 'date' ? 'date' : 'text'}
        inputMode={kind === 'numeric' ? 'numeric' : undefined}
        prefix={field === 'mobileNum' ? settings.countryDialingCode : undefined}
        autoCapitalize="off"
        spellCheck={false}
        onChange={(event) =>
          set(
            field,
            kind === 'numeric' ? event.target.value.replace(/\D/g, '') : event.target.value,
          )
        }
      />
    );
  };

  const tabs = [
    { id: 'username' as const, label: t('register.tabUsername'), testId: 'register-tab-username' },
    { id: 'mobile' as const, label: t('register.tabMobile'), testId: 'register-tab-mobile' },
  ];

  return (
    <form className={styles.stack} noValidate onSubmit={(event) => void onSubmit(event)}>
      {settings.mobileRegistration && (
        <Tabs
          base={base}
          label={t('register.method')}
          tabs={tabs}
          value={tab}
          onChange={(next) => {
            setTab(next);
            setErrors({});
            setError(null);
          }}
        />
      )}
      <div
        className={styles.stack}
        {...(settings.mobileRegistration
          ? {
              role: 'tabpanel',
              id: tabPanelId(base, tab),
              'aria-labelledby': tabButtonId(base, tab),
            }
          : {})}
      >
        <div className={styles.fieldGrid}>
          {layout.identity.map((field) => renderField(field, layout.identity.length === 1))}
          {tab === 'mobile' && mobile && (
            <p className={`${styles.lead} ${styles.wide}`} data-testid="register-mobile-username">
              {t('register.mobileUsername', { username: mobileUsername(mobile) })}
            </p>
          )}
          {layout.verificationCode && (
            <CodeField
              className={styles.wide}
              withIcon={false}
              required={tab === 'mobile' || Boolean(mobile)}
              value={value('verificationCode')}
              onChange={(code) => set('verificationCode', code)}
              error={messageOf('verificationCode')}
              testId="register-code"
              sendCode={{ sender, onSend: onSendCode, testId: 'register-send-code' }}
            />
          )}
          {renderField('password')}
          <PasswordField
            label={t('register.fields.confirmPassword')}
            required
            value={value('confirmPassword')}
            onChange={(event) => set('confirmPassword', event.target.value)}
            autoComplete="new-password"
            maxLength={128}
            error={messageOf('confirmPassword')}
            data-testid="register-confirm"
          />
          {layout.profile.map((field) => renderField(field))}
          {layout.affiliateCode && renderField('affiliateCode', layout.profile.length % 2 === 0)}
          {referralCode && (
            <p className={`${styles.fact} ${styles.wide}`} data-testid="register-referral">
              <span>{t('register.referralCode')}</span>
              <strong>{referralCode}</strong>
            </p>
          )}
        </div>
        <CheckboxField
          label={t('register.ageConfirm', { age: settings.minimumAge })}
          checked={ageConfirmed}
          onChange={(event) => {
            setAgeConfirmed(event.target.checked);
            setErrors((current) => ({ ...current, ageConfirmed: undefined }));
          }}
          error={messageOf('ageConfirmed')}
          data-testid="register-age"
        />
        <CheckboxField
          label={t('register.terms')}
          checked={termsAccepted}
          onChange={(event) => {
            setTermsAccepted(event.target.checked);
            setErrors((current) => ({ ...current, termsAccepted: undefined }));
          }}
          error={messageOf('termsAccepted')}
          data-testid="register-terms"
        />
      </div>
      {error !== null && <FormAlert testId="register-error">{errorText(t, error)}</FormAlert>}
      <SubmitButton busy={submitting} testId="register-submit">
        {submitting ? t('register.submitting') : t('register.submit')}
      </SubmitButton>
      <p className={styles.footerLine}>
        <span>{t('register.haveAccount')}</span>
        <button
          type="button"
          className={styles.link}
          onClick={onLogin}
          data-testid="register-login"
        >
          {t('auth.login')}
        </button>
      </p>
      <ConfirmDialog
        name="invalidInvitationModal"
        open={invalidInvitation}
        title={t('in_popup_prompt')}
        confirmLabel={t('auth.confirm')}
        confirmTestId="invalid-invitation-confirm"
        onConfirm={() => setInvalidInvitation(false)}
      >
        <p>{t('errors.INVALID_INVITATION_CODE')}</p>
      </ConfirmDialog>
    </form>
  );
};
