import {
  checkField,
  REGISTER_FIELDS,
  RegisterPayloadSchema,
  VerificationCodeSchema,
  type FieldRule,
  type RegisterField,
  type RegisterRules,
  type RegisterSettings,
} from '@lanna/contract';
import { z } from 'zod';
import { refusal } from '@/components/ui/form/issue-text';
import { fieldMessage, type Message } from '@/lib/field-message';

/**
 * Which registration fields a form shows and how each is checked (spec sections 4 and 5). The
 * merchant's rules come from the server and go through the contract's `checkField`, the same
 * validator the server runs.
 */
export type RegisterTab = 'username' | 'mobile';

/** Fields beyond the merchant's list that the form itself adds. */
export type RegisterFormField = RegisterField | 'confirmPassword' | 'verificationCode';

export type RegisterChecks = { termsAccepted: boolean; ageConfirmed: boolean };
/** Every field the form holds, shown or not: a hidden field stays empty and goes unchecked. */
export type RegisterFormValues = Record<RegisterFormField, string> & RegisterChecks;

/** Every text field of the form, empty. */
export const EMPTY_REGISTER_TEXT = Object.fromEntries(
  [...REGISTER_FIELDS, 'confirmPassword', 'verificationCode'].map((field) => [field, '']),
) as Record<RegisterFormField, string>;

/** Every account has these, whatever the merchant's list says (the password where it is asked). */
const ALWAYS_REQUIRED: readonly RegisterField[] = ['username', 'password'];

/** The form lays these out itself; the rest follow in the contract's order. */
const LAID_OUT: readonly RegisterField[] = ['username', 'password', 'mobileNum', 'affiliateCode'];

export type RegisterLayout = {
  /** The account fields on top: username (username tab) or mobile number (mobile tab). */
  identity: RegisterField[];
  /** Whether an SMS code field follows the mobile number. */
  verificationCode: boolean;
  /**
   * Whether a password is chosen here: always by username; by mobile only with
   * MOBILENUMPASSREG3 (otherwise the member signs in by SMS code).
   */
  password: boolean;
  /** Optional profile fields the merchant enabled, in the contract's order. */
  profile: RegisterField[];
  affiliateCode: boolean;
};

const enabled = (rules: RegisterRules, field: RegisterField): boolean =>
  rules[field]?.enabled === true;

/**
 * The fields of one tab. Optional fields are shown only if the merchant enabled them. On the
 * mobile tab the mobile number replaces the username (the username is derived from it), and
 * the SMS code is asked when REGMOBVERF3 is on; on the username tab it is asked only for an
 * enabled mobile number.
 */
export const registerLayout = (
  tab: RegisterTab,
  rules: RegisterRules,
  settings: RegisterSettings,
): RegisterLayout => {
  const mobileShown = tab === 'mobile' || enabled(rules, 'mobileNum');
  return {
    identity:
      tab === 'mobile'
        ? ['mobileNum']
        : ['username', ...(mobileShown ? ['mobileNum' as const] : [])],
    verificationCode: settings.smsVerification && mobileShown,
    password: tab === 'username' || settings.mobilePasswordRegistration,
    profile: REGISTER_FIELDS.filter((field) => !LAID_OUT.includes(field) && enabled(rules, field)),
    affiliateCode: settings.affiliateCodeEnabled && (rules.affiliateCode?.enabled ?? true),
  };
};

/**
 * The rule a field is checked with: the merchant's, made required where the form needs the
 * value whatever the merchant configured (username, password; the mobile number on the
 * mobile tab). Null when the merchant sent no rule.
 */
export const effectiveRule = (
  tab: RegisterTab,
  rules: RegisterRules,
  field: RegisterField,
): FieldRule | null => {
  const rule = rules[field];
  const forced = ALWAYS_REQUIRED.includes(field) || (tab === 'mobile' && field === 'mobileNum');
  if (!rule) return null;
  return forced ? { ...rule, required: true } : rule;
};

/** Whether the label carries the asterisk. */
export const isRequired = (tab: RegisterTab, rules: RegisterRules, field: RegisterField) =>
  ALWAYS_REQUIRED.includes(field) ||
  (tab === 'mobile' && field === 'mobileNum') ||
  rules[field]?.required === true;

/** Age in whole years on `today` of a yyyy-MM-dd birthday; null when it is not a date. */
export const ageOn = (birthday: string, today: Date): number | null => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthday);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  let years = today.getFullYear() - year;
  const monthNow = today.getMonth() + 1;
  if (monthNow < month || (monthNow === month && today.getDate() < day)) years -= 1;
  return years;
};

const checkOne = (
  tab: RegisterTab,
  rules: RegisterRules,
  field: RegisterField,
  value: string,
): Message | null => {
  const rule = effectiveRule(tab, rules, field);
  if (rule) return fieldMessage(rule, checkField(rule, value));
  return isRequired(tab, rules, field) && !value.trim() ? { key: 'validation.required' } : null;
};

const refuse = (ctx: z.RefinementCtx, message: Message | null, path: string[] = []) => {
  if (message) ctx.addIssue({ code: 'custom', input: ctx.value, path, ...refusal(message) });
};

/** A box that must be ticked. */
const ticked = (schema: z.ZodBoolean, message: Message) =>
  schema.refine((value) => value, refusal(message));

/**
 * Every check of spec section 5, Registration, on the contract's register payload: the
 * merchant's rule per shown field (the contract's `checkField`), the confirmation equal to the
 * password ('inconsistent twice'), the mobile number's configured length and the code in
 * mobile mode, the birthday's minimum age, and the terms and age boxes.
 */
export const registerSchema = (input: {
  tab: RegisterTab;
  rules: RegisterRules;
  settings: RegisterSettings;
  today: Date;
}): z.ZodType<RegisterFormValues, RegisterFormValues> => {
  const { tab, rules, settings, today } = input;
  const layout = registerLayout(tab, rules, settings);
  const checked = new Set<RegisterField>([
    ...layout.identity,
    ...(layout.password ? ['password' as const] : []),
    ...layout.profile,
    ...(layout.affiliateCode ? ['affiliateCode' as const] : []),
  ]);
  const minimumAge = settings.birthdayMinimumAge ?? settings.minimumAge;
  const extra: Partial<Record<RegisterField, (value: string) => Message | null>> = {
    mobileNum: (value) =>
      /^\d+$/.test(value.trim()) && value.trim().length === settings.mobileLength
        ? null
        : { key: 'register.mobileLength', values: { count: settings.mobileLength } },
    birthday: (value) => {
      const age = ageOn(value.trim(), today);
      return age !== null && age < minimumAge
        ? { key: 'register.birthdayTooYoung', values: { age: minimumAge } }
        : null;
    },
  };
  const fieldSchema = (field: RegisterField) =>
    z.string().superRefine((value, ctx) => {
      if (!checked.has(field)) return;
      const message = checkOne(tab, rules, field, value);
      const further = extra[field];
      refuse(ctx, message ?? (value.trim() && further ? further(value) : null));
    });
  const { termsAccepted, ageConfirmed } = RegisterPayloadSchema.shape;
  return z
    .object({
      ...(Object.fromEntries(REGISTER_FIELDS.map((field) => [field, fieldSchema(field)])) as Record<
        RegisterField,
        z.ZodString
      >),
      confirmPassword: z.string(),
      verificationCode: z.string(),
      termsAccepted: ticked(termsAccepted, { key: 'register.termsRequired' }),
      ageConfirmed: ticked(ageConfirmed, {
        key: 'register.ageRequired',
        values: { age: settings.minimumAge },
      }),
    })
    .superRefine((values, ctx) => {
      if (layout.password && !values.confirmPassword)
        refuse(ctx, { key: 'validation.required' }, ['confirmPassword']);
      else if (layout.password && values.confirmPassword !== values.password)
        refuse(ctx, { key: 'inconsistent twice' }, ['confirmPassword']);
      if (layout.verificationCode && (tab === 'mobile' || values.mobileNum.trim())) {
        const code = values.verificationCode.trim();
        if (!code) refuse(ctx, { key: 'validation.required' }, ['verificationCode']);
        else if (!VerificationCodeSchema.safeParse(code).success)
          refuse(ctx, { key: 'auth.validation.codeInvalid' }, ['verificationCode']);
      }
    });
};
