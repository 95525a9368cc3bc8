import { randomBytes } from 'node:crypto';
import type {
  FieldRule,
  LoginValue,
  RegisterMobilePayloadSchema,
  RegisterPayloadSchema,
  RegisterRules,
  RegisterSettings,
} from '@lanna/contract';
import type { z } from 'zod';
import { AppError } from '../../shared/app-error.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../shared/password-policy.ts';
import { getVerificationSettings } from './codes-merchant.ts';
import { consumeCode, type CodesContext } from './codes.service.ts';
import type { AuthContext } from './login.service.ts';
import { registerMember } from './register.service.ts';
import { phoneDestination } from './sms-codes.service.ts';
import { withoutLeadingZeros } from './sms-phone.ts';

type RegisterMobilePayload = z.output<typeof RegisterMobilePayloadSchema>;
type RegisterPayload = z.output<typeof RegisterPayloadSchema>;

// In mobile mode the username is the number without leading zeros (spec section 4), whatever
// the merchant's username rule says about usernames typed by hand.
const MOBILE_USERNAME_RULE: FieldRule = {
  acceptedPattern: '^[0-9]+$',
  minLength: 6,
  maxLength: 15,
  patternId: 7,
  enabled: true,
  required: true,
};

// Without MOBILENUMPASSREG3 the member chooses no password: the account gets a random one
// nobody knows and signs in by SMS code (or sets one through forgot password).
const UNKNOWN_PASSWORD_RULE: FieldRule = {
  acceptedPattern: '*',
  minLength: PASSWORD_MIN_LENGTH,
  maxLength: PASSWORD_MAX_LENGTH,
  patternId: 1,
  enabled: true,
  required: true,
};

/**
 * The SMS code a registration needs where REGMOBVERF3 is on, spent for the number the form
 * carries. Registration by username calls this too (its mobile field then gets the code).
 */
export const requireRegistrationCode = async (
  context: CodesContext,
  merchantId: number,
  settings: Pick<RegisterSettings, 'smsVerification'>,
  payload: {
    mobileNum?: string | undefined;
    countryDialingCode?: string | undefined;
    verificationCode?: string | undefined;
  },
): Promise<void> => {
  if (!settings.smsVerification) return;
  const mobileNum = payload.mobileNum?.trim() ?? '';
  if (mobileNum === '') {
    throw new AppError('RULES_NOT_MET', {
      issues: [{ path: 'mobileNum', message: 'required' }],
    });
  }
  const code = payload.verificationCode?.trim() ?? '';
  if (!/^[0-9]{6}$/.test(code)) throw new AppError('CODE_INVALID');
  const verification = await getVerificationSettings(context.db, merchantId);
  const destination = phoneDestination(verification, mobileNum, payload.countryDialingCode);
  await consumeCode(context, { merchantId, purpose: 'register', destination, code });
};

/**
 * Mobile registration (MOBILENUMREG3; spec section 4): the username is the number without
 * leading zeros; REGMOBVERF3 asks for the SMS code, MOBILENUMPASSREG3 for a password. The
 * code is spent only once every other check has passed, so a refused form costs no code.
 */
export const registerByMobile = async (
  context: CodesContext,
  auth: AuthContext,
  payload: RegisterMobilePayload,
  rules: RegisterRules,
  settings: RegisterSettings,
): Promise<LoginValue> => {
  if (!settings.mobileRegistration) throw new AppError('FEATURE_DISABLED');
  const verification = await getVerificationSettings(context.db, auth.merchantId);
  phoneDestination(verification, payload.mobileNum, payload.countryDialingCode);
  if (!payload.termsAccepted) throw new AppError('TERMS_NOT_ACCEPTED');
  if (!payload.ageConfirmed) throw new AppError('AGE_NOT_CONFIRMED');
  const withPassword = settings.mobilePasswordRegistration;
  if (withPassword && payload.confirmPassword !== payload.password) {
    throw new AppError('PASSWORD_MISMATCH');
  }
  const password = withPassword ? payload.password : randomBytes(24).toString('base64url');
  const registration: RegisterPayload = {
    ...payload,
    username: withoutLeadingZeros(payload.mobileNum),
    password,
    confirmPassword: password,
    countryDialingCode: payload.countryDialingCode ?? verification.countryDialingCode,
  };
  const mobileRules: RegisterRules = {
    ...rules,
    username: MOBILE_USERNAME_RULE,
    ...(withPassword ? {} : { password: UNKNOWN_PASSWORD_RULE }),
  };
  return registerMember(auth, registration, mobileRules, settings, () =>
    requireRegistrationCode(context, auth.merchantId, settings, payload),
  );
};
