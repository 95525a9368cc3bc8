import { LoginPayloadSchema, MobileNumberSchema, VerificationCodeSchema } from '@lanna/contract';
import { z } from 'zod';
import type { FieldMessages } from '@/components/ui/form/issue-text';

export type LoginTab = 'username' | 'mobile';

const { username, password, captcha } = LoginPayloadSchema.shape;
/** Asked once a failed login demands it; the payload's bound, made required. */
const CaptchaAnswerSchema = captcha.unwrap().min(1);
const unchecked = z.string();

/**
 * Login rules of spec section 5, from the login payload's own fields: the username and the
 * password, or on the code tab a valid mobile number and code; the captcha when it is shown.
 * The other tab's fields go unchecked.
 */
export const loginSchema = (tab: LoginTab, captchaShown: boolean) =>
  z.object({
    username: tab === 'username' ? username : unchecked,
    password: tab === 'username' ? password : unchecked,
    mobile: tab === 'mobile' ? MobileNumberSchema : unchecked,
    code: tab === 'mobile' ? VerificationCodeSchema : unchecked,
    captcha: captchaShown ? CaptchaAnswerSchema : unchecked,
  });
export type LoginFields = z.output<ReturnType<typeof loginSchema>>;

/** What each login field asks for in words, where it says more than `validation.*`. */
export const LOGIN_MESSAGES: FieldMessages = {
  username: { required: 'auth.validation.usernameRequired' },
  password: { required: 'auth.validation.passwordRequired' },
  mobile: { required: 'auth.validation.mobileRequired', invalid: 'auth.validation.mobileInvalid' },
  code: { required: 'auth.validation.codeRequired', invalid: 'auth.validation.codeInvalid' },
  captcha: { required: 'auth.validation.captchaRequired' },
};
