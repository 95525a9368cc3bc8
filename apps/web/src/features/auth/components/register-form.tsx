import type {
  FieldVerdict,
  RegisterField,
  RegisterMobilePayload,
  RegisterPayload,
  RegisterRules,
  RegisterSettings,
} from '@lanna/contract';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CheckboxField } from '@/components/ui/form/checkbox-field';
import { FormAlert } from '@/components/ui/form/form-alert';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { Tabs, tabButtonId, tabPanelId, useTabsBase } from '@/components/ui/form/tabs';
import { PasswordField, TextField } from '@/components/ui/form/text-field';
import { useContractForm } from '@/components/ui/form/use-contract-form';
import { isApiError } from '@/lib/api/api-error';
import { fieldMessage } from '@/lib/field-message';
import { getAffiliateRequest } from '../api/get-affiliate';
import { registerRequest } from '../api/register';
import { registerMobileRequest } from '../api/register-mobile';
import { sendRegisterSmsCodeRequest } from '../api/send-register-sms-code';
import { useCodeSender } from '../hooks/use-code-sender';
import { useCompleteSignIn, type SignInResult } from '../hooks/use-complete-sign-in';
import { issuesByField } from '../utils/error-message';
import { solveHumanProof } from '../utils/human-proof';
import { mobileUsername } from '../utils/mobile-number';
import {
  EMPTY_REGISTER_TEXT,
  effectiveRule,
  isRequired,
  registerLayout,
  registerSchema,
  type RegisterFormField,
  type RegisterFormValues,
  type RegisterTab,
} from '../utils/register-fields';
import styles from './auth-forms.module.css';
import { CodeField } from './fields/code-field';
import { digitsOnly } from './fields/digits-only';

type RegisterFormProps = {
  settings: RegisterSettings;
  rules: RegisterRules;
  /** From `?referralCode=` (spec section 2): the referrer is recorded. */
  referralCode: string | null;
  /**
   * From `?affiliateCode=`, an agent's invitation link: fills the invitation-code field in. It
   * is sent only when the merchant shows that field, like a code typed there.
   */
  affiliateCode?: string | null;
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
  affiliateCode = null,
  onRegistered,
  onLogin,
}: RegisterFormProps) => {
  const { t } = useTranslation();
  const base = useTabsBase();
  const completeSignIn = useCompleteSignIn();
  const [tab, setTab] = useState<RegisterTab>('username');
  const form = useContractForm(registerSchema({ tab, rules, settings, today: new Date() }), {
    ...EMPTY_REGISTER_TEXT,
    affiliateCode: affiliateCode ?? '',
    termsAccepted: settings.termsCheckedByDefault,
    ageConfirmed: false,
  });
  const { isSubmitting } = form.formState;
  const [invalidInvitation, setInvalidInvitation] = useState(false);
  const layout = registerLayout(tab, rules, settings);

  const mobile = form.watch('mobileNum').trim();
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
  const onSendCode = async () => {
    if (await form.trigger('mobileNum', { shouldFocus: true })) void sender.sendCode();
  };

  /** Everything both registrations send; the username tab adds the username. */
  const commonPayload = (fields: RegisterFormValues): Omit<RegisterPayload, 'username'> => {
    const value = (field: RegisterFormField) => fields[field];
    const payload: Omit<RegisterPayload, 'username'> = {
      password: layout.password ? value('password') : '',
      confirmPassword: layout.password ? value('confirmPassword') : '',
      termsAccepted: fields.termsAccepted,
      ageConfirmed: fields.ageConfirmed,
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
  const submitRegistration = (fields: RegisterFormValues) => {
    const payload = commonPayload(fields);
    if (tab === 'mobile') {
      const mobilePayload: RegisterMobilePayload = { ...payload, mobileNum: mobile };
      return registerMobileRequest(mobilePayload);
    }
    return registerRequest({ ...payload, username: fields.username.trim() });
  };

  /** Field issues the server found, as the same per-pattern messages. */
  const showServerFieldErrors = (caught: unknown) => {
    for (const [path, verdict] of Object.entries(issuesByField(caught))) {
      const rule = effectiveRule(tab, rules, path as RegisterField);
      const message = rule && VERDICTS.has(verdict) && fieldMessage(rule, verdict as FieldVerdict);
      if (message)
        form.setError(path as RegisterField, { message: t(message.key, message.values) });
    }
  };

  const onValid = async (fields: RegisterFormValues) => {
    try {
      // An affiliate code is checked first (spec section 4, Registration).
      const affiliateCode = fields.affiliateCode.trim();
      if (layout.affiliateCode && affiliateCode) {
        await getAffiliateRequest(affiliateCode, window.location.hostname);
      }
      const result = await completeSignIn(await submitRegistration(fields), {
        password: layout.password ? fields.password : undefined,
      });
      onRegistered(result);
    } catch (caught) {
      if (isApiError(caught) && caught.code === 'INVALID_INVITATION_CODE') {
        setInvalidInvitation(true);
        return;
      }
      form.showFailure(caught);
      showServerFieldErrors(caught);
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
      ...form.register(field),
      error: form.fieldError(field),
      autoComplete: AUTOCOMPLETE[field] ?? 'off',
      // No cap from the rule: a Thai syllable is several code units but one character, and
      // the rule's message says the bounds better than a silently stopped keyboard.
      maxLength: 254,
      'data-testid': TEST_ID[field] ?? `register-${field}`,
    };
    if (kind === 'password') {
      return <PasswordField key={field} {...common} />;
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
        onChange={
          kind === 'numeric'
            ? digitsOnly(form.register(field))
            : (event) => void common.onChange(event)
        }
      />
    );
  };

  const tabs = [
    { id: 'username' as const, label: t('register.tabUsername'), testId: 'register-tab-username' },
    { id: 'mobile' as const, label: t('register.tabMobile'), testId: 'register-tab-mobile' },
  ];

  return (
    <form className={styles.stack} noValidate onSubmit={form.submit(onValid)}>
      {settings.mobileRegistration && (
        <Tabs
          base={base}
          label={t('register.method')}
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
              field={form.register('verificationCode')}
              error={form.fieldError('verificationCode')}
              testId="register-code"
              sendCode={{ sender, onSend: () => void onSendCode(), testId: 'register-send-code' }}
            />
          )}
          {renderField('password')}
          <PasswordField
            label={t('register.fields.confirmPassword')}
            required
            {...form.register('confirmPassword')}
            autoComplete="new-password"
            maxLength={128}
            error={form.fieldError('confirmPassword')}
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
          {...form.register('ageConfirmed')}
          error={form.fieldError('ageConfirmed')}
          data-testid="register-age"
        />
        <CheckboxField
          label={t('register.terms')}
          {...form.register('termsAccepted')}
          error={form.fieldError('termsAccepted')}
          data-testid="register-terms"
        />
      </div>
      {form.alert && <FormAlert testId="register-error">{form.alert}</FormAlert>}
      <SubmitButton busy={isSubmitting} testId="register-submit">
        {isSubmitting ? t('register.submitting') : t('register.submit')}
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
