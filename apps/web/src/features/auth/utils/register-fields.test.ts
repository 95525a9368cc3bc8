// Registration fields and rules (spec sections 4 and 5): optional fields are shown only when
// the merchant enables them and required only when configured; refused values get the message
// of their pattern kind with the rule's min and max; mobile mode drops the username.
import { describe, expect, it } from 'vitest';
import { registerRulesFixture, registerSettingsFixture, ruleFixture } from '@/test/fixtures';
import {
  EMPTY_REGISTER_TEXT,
  isRequired,
  registerLayout,
  registerSchema,
  type RegisterChecks,
  type RegisterFormField,
  type RegisterFormValues,
} from './register-fields';

const TODAY = new Date(2030, 5, 15);

/** The message of each refused field, by field: the first the schema gives it. */
const validateRegister = (input: {
  tab: 'username' | 'mobile';
  rules: ReturnType<typeof registerRulesFixture>;
  settings: ReturnType<typeof registerSettingsFixture>;
  values: Partial<Record<RegisterFormField, string>>;
  checks: RegisterChecks;
  today: Date;
}) => {
  const values: RegisterFormValues = { ...EMPTY_REGISTER_TEXT, ...input.values, ...input.checks };
  const issues = registerSchema(input).safeParse(values).error?.issues ?? [];
  const errors: Record<string, unknown> = {};
  for (const issue of issues.toReversed()) {
    errors[issue.path.join('.')] = (issue as { params?: { message?: unknown } }).params?.message;
  }
  return errors;
};

const validate = (
  values: Partial<Record<RegisterFormField, string>>,
  options: {
    tab?: 'username' | 'mobile';
    rules?: ReturnType<typeof registerRulesFixture>;
    settings?: ReturnType<typeof registerSettingsFixture>;
  } = {},
) =>
  validateRegister({
    tab: options.tab ?? 'username',
    rules: options.rules ?? registerRulesFixture(),
    settings: options.settings ?? registerSettingsFixture(),
    values,
    checks: { termsAccepted: true, ageConfirmed: true },
    today: TODAY,
  });

const VALID = { username: 'player01', password: 'Strong@Pass1', confirmPassword: 'Strong@Pass1' };

describe('registerLayout', () => {
  it('shows only the optional fields the merchant enabled', () => {
    const layout = registerLayout('username', registerRulesFixture(), registerSettingsFixture());
    expect(layout.identity).toEqual(['username', 'mobileNum']);
    expect(layout.profile).toEqual(['email', 'nickname']);
    expect(layout.profile).not.toContain('qqNum');
    expect(layout.password).toBe(true);
  });

  it('asks for the mobile number instead of a username on the mobile tab', () => {
    const settings = registerSettingsFixture({ mobileRegistration: true, smsVerification: true });
    const layout = registerLayout('mobile', registerRulesFixture(), settings);
    expect(layout.identity).toEqual(['mobileNum']);
    expect(layout.verificationCode).toBe(true);
    expect(layout.password).toBe(false);
    expect(
      registerLayout('mobile', registerRulesFixture(), {
        ...settings,
        mobilePasswordRegistration: true,
      }).password,
    ).toBe(true);
  });

  it('marks a field required only when configured, and the account fields always', () => {
    const rules = registerRulesFixture({ email: ruleFixture(4, 6, 100, 'required') });
    expect(isRequired('username', rules, 'email')).toBe(true);
    expect(isRequired('username', rules, 'nickname')).toBe(false);
    expect(isRequired('username', rules, 'username')).toBe(true);
    expect(isRequired('mobile', rules, 'mobileNum')).toBe(true);
    expect(isRequired('username', rules, 'mobileNum')).toBe(false);
  });
});

describe('registerSchema', () => {
  it('accepts valid values and leaves empty optional fields alone', () => {
    expect(validate(VALID)).toEqual({});
  });

  it('gives each refused field the message of its pattern kind with min and max', () => {
    const errors = validate({ ...VALID, username: '1bad', email: 'not-mail' });
    expect(errors.username).toEqual({
      key: 'patterns.letterFirstAlnum',
      values: { min: 4, max: 16 },
    });
    expect(errors.email).toEqual({ key: 'patterns.email', values: { min: 6, max: 100 } });
    expect(validate({ ...VALID, password: 'Ab1!', confirmPassword: 'Ab1!' }).password).toEqual({
      key: 'patterns.strongPassword',
      values: { min: 8, max: 20 },
    });
  });

  it('requires an optional field once the merchant configures it as required', () => {
    const rules = registerRulesFixture({ nickname: ruleFixture(1, 2, 20, 'required') });
    expect(validate(VALID, { rules }).nickname).toEqual({ key: 'validation.required' });
  });

  it('says the two passwords are inconsistent', () => {
    expect(validate({ ...VALID, confirmPassword: 'Other@Pass1' }).confirmPassword).toEqual({
      key: 'inconsistent twice',
    });
  });

  it('checks the mobile number length and the code in mobile mode', () => {
    const settings = registerSettingsFixture({ mobileRegistration: true, smsVerification: true });
    const errors = validate({ mobileNum: '08123' }, { tab: 'mobile', settings });
    expect(errors.mobileNum).toEqual({ key: 'patterns.digits', values: { min: 9, max: 10 } });
    const short = validate({ mobileNum: '081234567' }, { tab: 'mobile', settings });
    expect(short.mobileNum).toEqual({ key: 'register.mobileLength', values: { count: 10 } });
    expect(short.verificationCode).toEqual({ key: 'validation.required' });
    expect(
      validate(
        { mobileNum: '0812345678', verificationCode: '123456' },
        { tab: 'mobile', settings },
      ),
    ).toEqual({});
  });

  it('requires the terms and the age boxes', () => {
    const errors = validateRegister({
      tab: 'username',
      rules: registerRulesFixture(),
      settings: registerSettingsFixture({ minimumAge: 20 }),
      values: VALID,
      checks: { termsAccepted: false, ageConfirmed: false },
      today: TODAY,
    });
    expect(errors.termsAccepted).toEqual({ key: 'register.termsRequired' });
    expect(errors.ageConfirmed).toEqual({ key: 'register.ageRequired', values: { age: 20 } });
  });

  it('refuses a birthday younger than the birthday minimum age', () => {
    const rules = registerRulesFixture({ birthday: ruleFixture(12, 10, 10, 'optional') });
    const settings = registerSettingsFixture({ birthdayMinimumAge: 21 });
    expect(validate({ ...VALID, birthday: '2010-06-16' }, { rules, settings }).birthday).toEqual({
      key: 'register.birthdayTooYoung',
      values: { age: 21 },
    });
    expect(
      validate({ ...VALID, birthday: '2009-06-15' }, { rules, settings }).birthday,
    ).toBeUndefined();
  });
});
