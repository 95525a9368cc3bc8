import {
  ForgotPasswordEmailRequestSchema,
  MobileNumberSchema,
  ResetPasswordByCodePayloadSchema,
  type FieldRule,
} from '@lanna/contract';
import { z } from 'zod';
import { newPasswordShape, withSameNewPassword } from './change-password-schema';

export type ForgotTab = 'mobile' | 'email';

const unchecked = z.string();
const { username, email } = ForgotPasswordEmailRequestSchema.shape;

/**
 * Forgot-password rules of spec section 5 on the contract's requests. The e-mail step: the
 * username and a valid e-mail. The reset step: the mobile number on the phone tab (the
 * username, already sent, on the e-mail tab), the code and a new password that passes the
 * merchant's rule, confirmed.
 */
export const forgotPasswordSchema = (
  method: ForgotTab,
  resetStep: boolean,
  passwordRule: FieldRule | undefined,
) => {
  const passwords = newPasswordShape(passwordRule);
  return withSameNewPassword(
    z.object({
      username: method === 'email' ? username : unchecked,
      email: resetStep ? unchecked : z.string().trim().pipe(email),
      mobile: method === 'mobile' ? MobileNumberSchema : unchecked,
      code: resetStep ? ResetPasswordByCodePayloadSchema.shape.verificationCode : unchecked,
      newPassword: resetStep ? passwords.newPassword : unchecked,
      confirmNewPassword: resetStep ? passwords.confirmNewPassword : unchecked,
    }),
  );
};
export type ForgotPasswordFields = z.output<ReturnType<typeof forgotPasswordSchema>>;

export const FORGOT_PASSWORD_MESSAGES = {
  mobile: { invalid: 'auth.validation.mobileInvalid' },
  code: { invalid: 'auth.validation.codeInvalid' },
};
