import { randomInt } from 'node:crypto';
import {
  AGENT_TYPES,
  checkField,
  REGISTER_FIELDS,
  TRIAL_TYPE,
  type FieldRule,
  type LoginValue,
  type RegisterField,
  type RegisterPayloadSchema,
  type RegisterRules,
  type RegisterSettings,
} from '@lanna/contract';
import type { z } from 'zod';
import { AppError, type Issue } from '../../shared/app-error.ts';
import { hashPassword } from '../../shared/password.ts';
import {
  isCommonPassword,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../../shared/password-policy.ts';
import { completeLogin, type AuthContext } from './login.service.ts';
import * as members from './member.repository.ts';
import type { ProfileField } from './member.repository.ts';

type RegisterPayload = z.output<typeof RegisterPayloadSchema>;

// Used when a merchant has no rule for the two fields every account needs.
const DEFAULT_RULES: Partial<Record<RegisterField, FieldRule>> = {
  username: {
    acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$',
    minLength: 4,
    maxLength: 16,
    patternId: 2,
    enabled: true,
    required: true,
  },
  password: {
    acceptedPattern: '*',
    minLength: PASSWORD_MIN_LENGTH,
    maxLength: 64,
    patternId: 1,
    enabled: true,
    required: true,
  },
};
const ALWAYS_REQUIRED: readonly RegisterField[] = ['username', 'password'];
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const valueOf = (payload: RegisterPayload, field: RegisterField): string => {
  const value = (payload as Partial<Record<RegisterField, unknown>>)[field];
  return typeof value === 'string' ? value : '';
};

/** Age in whole years on `now` of a yyyy-MM-dd or MM-dd-yyyy birthday; null if not a date. */
export const ageOf = (birthday: string, now: Date): { iso: string; years: number } | null => {
  const match =
    /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthday) ?? /^(\d{2})-(\d{2})-(\d{4})$/.exec(birthday);
  if (!match) return null;
  const [year, month, day] =
    birthday.indexOf('-') === 4
      ? [Number(match[1]), Number(match[2]), Number(match[3])]
      : [Number(match[3]), Number(match[1]), Number(match[2])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  let years = now.getUTCFullYear() - year;
  const beforeBirthday =
    now.getUTCMonth() < month - 1 || (now.getUTCMonth() === month - 1 && now.getUTCDate() < day);
  if (beforeBirthday) years -= 1;
  return { iso: date.toISOString().slice(0, 10), years };
};

const issueOf = (field: RegisterField, value: string, rules: RegisterRules): Issue[] => {
  const rule = rules[field] ?? DEFAULT_RULES[field];
  if (!rule || !rule.enabled) {
    return value.trim() === '' ? [] : [{ path: field, message: 'disabled' }];
  }
  const required = rule.required || ALWAYS_REQUIRED.includes(field);
  const verdict = checkField({ ...rule, required }, value);
  return verdict === 'ok' ? [] : [{ path: field, message: verdict }];
};

/**
 * Every field through the merchant's rule with the one validator the form uses too
 * (contract `checkField`); a value for a field the merchant has switched off is refused.
 */
export const fieldIssues = (payload: RegisterPayload, rules: RegisterRules): Issue[] =>
  REGISTER_FIELDS.flatMap((field) => issueOf(field, valueOf(payload, field), rules));

const passwordIssues = (password: string): Issue[] =>
  password.length < PASSWORD_MIN_LENGTH
    ? [{ path: 'password', message: 'tooShort' }]
    : password.length > PASSWORD_MAX_LENGTH
      ? [{ path: 'password', message: 'tooLong' }]
      : [];

const checkInput = (
  payload: RegisterPayload,
  rules: RegisterRules,
  settings: RegisterSettings,
  now: Date,
): string | null => {
  if (!payload.termsAccepted) throw new AppError('TERMS_NOT_ACCEPTED');
  if (!payload.ageConfirmed) throw new AppError('AGE_NOT_CONFIRMED');
  const issues = [...fieldIssues(payload, rules), ...passwordIssues(payload.password)];
  const birthday = payload.birthday?.trim() ? ageOf(payload.birthday.trim(), now) : null;
  if (payload.birthday?.trim() && !birthday) issues.push({ path: 'birthday', message: 'pattern' });
  const minimumAge = settings.birthdayMinimumAge ?? settings.minimumAge;
  if (birthday && birthday.years < minimumAge)
    issues.push({ path: 'birthday', message: 'underage' });
  // The merchant's registration rules (its fields, patterns and ages): not in the document.
  if (issues.length > 0) throw new AppError('RULES_NOT_MET', { issues });
  if (payload.confirmPassword !== payload.password) throw new AppError('PASSWORD_MISMATCH');
  assertNotWeak(payload.username, payload.password);
  return birthday?.iso ?? null;
};

/** A common password, or one holding the username, is refused whatever the rules say. */
const assertNotWeak = (username: string, password: string): void => {
  const name = username.trim().toLowerCase();
  if (isCommonPassword(password) || password.toLowerCase().includes(name)) {
    throw new AppError('WEAK_PASSWORD');
  }
};

/**
 * The two fields every account has, checked as registration checks them: the merchant's rules
 * (RULES_NOT_MET naming the fields), then a weak password (WEAK_PASSWORD). For accounts that
 * someone else opens (an agent for its team).
 */
export const checkCredentials = (username: string, password: string, rules: RegisterRules) => {
  const issues = [
    ...issueOf('username', username, rules),
    ...issueOf('password', password, rules),
    ...passwordIssues(password),
  ];
  if (issues.length > 0) throw new AppError('RULES_NOT_MET', { issues });
  assertNotWeak(username, password);
};

type Upline = { uplineId: number | null; referrerId: number | null };

/**
 * The upline of a new member: the agent of the affiliate code, or else the referrer's upline
 * (the referrer itself when it is an agent). A code that names nobody is refused.
 */
const uplineOf = async (
  ctx: AuthContext,
  payload: RegisterPayload,
  settings: RegisterSettings,
): Promise<Upline> => {
  const affiliateCode = payload.affiliateCode?.trim() ?? '';
  const referralCode = payload.referralCode?.trim() ?? '';
  let uplineId: number | null = null;
  let referrerId: number | null = null;
  if (affiliateCode) {
    if (!settings.affiliateCodeEnabled) throw new AppError('INVALID_INVITATION_CODE');
    const agent = await members.findMemberByAffiliateCode(ctx.db, ctx.merchantId, affiliateCode);
    if (
      !agent ||
      agent.status !== 'active' ||
      !(AGENT_TYPES as readonly number[]).includes(agent.type)
    )
      throw new AppError('INVALID_INVITATION_CODE');
    uplineId = Number(agent.id);
  }
  if (referralCode) {
    const referrer = await members.findMemberByReferralCode(ctx.db, ctx.merchantId, referralCode);
    if (!referrer || referrer.status !== 'active' || referrer.type === TRIAL_TYPE)
      throw new AppError('INVALID_INVITATION_CODE');
    referrerId = Number(referrer.id);
    const referrerIsAgent = (AGENT_TYPES as readonly number[]).includes(referrer.type);
    uplineId ??= referrerIsAgent
      ? referrerId
      : referrer.upline_id
        ? Number(referrer.upline_id)
        : null;
  }
  return { uplineId, referrerId };
};

const trimmed = (value: string | undefined): string | undefined => {
  const text = value?.trim();
  return text ? text : undefined;
};

const profileOf = async (
  payload: RegisterPayload,
  birthday: string | null,
): Promise<Partial<Record<ProfileField, string>>> => {
  const profile: Partial<Record<ProfileField, string>> = {};
  const copy: ProfileField[] = [
    'payeeName',
    'qqNum',
    'line',
    'whatsapp',
    'facebook',
    'wechat',
    'zalo',
    'telegram',
    'idNumber',
    'address',
    'nationality',
    'occupation',
    'sourceOfIncome',
    'registerUrl',
  ];
  for (const field of copy) {
    const value = trimmed((payload as Record<string, unknown>)[field] as string | undefined);
    if (value !== undefined) profile[field] = value;
  }
  if (birthday) profile.birthday = birthday;
  const domain = trimmed(payload.domain);
  if (domain) profile.registerDomain = domain;
  if (payload.paymentPassword)
    profile.paymentPasswordHash = await hashPassword(payload.paymentPassword);
  return profile;
};

export const newInviteCode = (): string =>
  Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

const isUniqueViolation = (error: unknown): boolean =>
  (error as { code?: string } | null)?.code === '23505';

/**
 * Registration by username (spec section 4, Registration): every field through the merchant's
 * rules, the username unique per merchant, the upline from an affiliate or referral code (with
 * its rows in the agent hierarchy), all in one transaction; then signed in like a login.
 * `beforeInsert` (the REGMOBVERF3 code) runs once every check has passed, so a refused form
 * does not spend it.
 */
export const registerMember = async (
  ctx: AuthContext,
  payload: RegisterPayload,
  rules: RegisterRules,
  settings: RegisterSettings,
  beforeInsert?: () => Promise<void>,
): Promise<LoginValue> => {
  const birthday = checkInput(payload, rules, settings, ctx.now);
  const username = payload.username.trim();
  if (await members.findMemberByUsername(ctx.db, ctx.merchantId, username))
    throw new AppError('USERNAME_TAKEN');
  const { uplineId, referrerId } = await uplineOf(ctx, payload, settings);
  const passwordHash = await hashPassword(payload.password);
  const profile = await profileOf(payload, birthday);
  await beforeInsert?.();
  const memberId = await ctx.db
    .transaction(async (tx) => {
      const id = await members.insertMember(tx, {
        merchantId: ctx.merchantId,
        username,
        passwordHash,
        type: 0,
        nickname: trimmed(payload.nickname) ?? '',
        email: trimmed(payload.email) ?? null,
        mobileNum: trimmed(payload.mobileNum) ?? null,
        countryDialingCode: trimmed(payload.countryDialingCode) ?? null,
        uplineId,
        referrerId,
        registerIp: ctx.ip,
        registerMethod: 'WEB',
        firstLoginDone: true,
        now: ctx.now,
      });
      await members.insertProfile(tx, ctx.merchantId, id, profile);
      await members.insertHierarchy(tx, ctx.merchantId, id, uplineId);
      await members.setReferralCode(tx, id, newInviteCode());
      return id;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new AppError('USERNAME_TAKEN', { cause: error });
      throw error;
    });
  const member = await members.getMember(ctx.db, ctx.merchantId, memberId);
  if (!payload.login) {
    return {
      token: '',
      expiresAt: ctx.now.toISOString(),
      role: 'member',
      firstTimeLogin: false,
      passwordExpired: false,
      mustChangePassword: false,
      previousLogin: null,
    };
  }
  return completeLogin(ctx, member, 'register');
};

/** GET /wps/agent/affiliate: the code names an active agent of this merchant. */
export const checkAffiliateCode = async (
  ctx: Pick<AuthContext, 'db' | 'merchantId'>,
  code: string,
  settings: RegisterSettings,
): Promise<{ code: string; valid: true }> => {
  if (!settings.affiliateCodeEnabled) throw new AppError('FEATURE_DISABLED');
  const agent = await members.findMemberByAffiliateCode(ctx.db, ctx.merchantId, code);
  if (
    !agent ||
    agent.status !== 'active' ||
    !(AGENT_TYPES as readonly number[]).includes(agent.type)
  )
    throw new AppError('INVALID_INVITATION_CODE');
  return { code: code.toUpperCase(), valid: true };
};
