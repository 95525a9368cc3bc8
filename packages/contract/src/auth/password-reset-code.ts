import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { EncryptedPayloadSchema } from './encrypted-payload.ts';
import { LoginValueSchema } from './login.ts';
import {
  CountryDialingCodeSchema,
  MobileNumberSchema,
  VerificationCodeSchema,
} from './verification-fields.ts';
import { text, UsernameTextSchema } from '../text.ts';

/**
 * Reset by phone (spec section 3), sealed with `encryptPayload`: the code from
 * `POST /wps/verification/sms/noLogin` with purpose resetPassword. The e-mail variant names the
 * account by `username` instead, with the code from `POST /wps/member/password/email`.
 * Exactly one of `mobileNum` and `username`.
 */
export const ResetPasswordByCodePayloadSchema = z
  .object({
    newPassword: text(128, { min: 1 }),
    verificationCode: VerificationCodeSchema,
    mobileNum: MobileNumberSchema.optional(),
    countryDialingCode: CountryDialingCodeSchema.optional(),
    username: UsernameTextSchema.optional(),
  })
  .strict()
  .refine((payload) => (payload.mobileNum === undefined) !== (payload.username === undefined), {
    message: 'mobileNum or username, not both',
    path: ['mobileNum'],
    params: { code: 'RULES_NOT_MET' },
  });
export type ResetPasswordByCodePayload = z.input<typeof ResetPasswordByCodePayloadSchema>;

/** Success signs the member in (spec section 4, Forgot password: phone) and ends every other session. */
export const resetPasswordByCode = defineEndpoint({
  method: 'POST',
  path: '/wps/member/password/verification',
  summary: 'Set a new password with an SMS or e-mail code (sealed payload); signs the member in',
  tag: 'auth',
  auth: 'public',
  body: EncryptedPayloadSchema,
  payload: ResetPasswordByCodePayloadSchema,
  value: LoginValueSchema,
  errors: [
    'RULES_NOT_MET',
    'MERCHANT_NOT_FOUND',
    'VALIDATION_FAILED',
    'MALFORMED_BODY',
    'PAYLOAD_ENCRYPTION_REQUIRED',
    'PAYLOAD_INVALID',
    'PAYLOAD_KEY_UNKNOWN',
    'PAYLOAD_EXPIRED',
    'PAYLOAD_REPLAYED',
    'PHONE_INVALID',
    'CODE_INVALID',
    'CODE_EXPIRED',
    'CODE_ATTEMPTS_EXCEEDED',
    'WEAK_PASSWORD',
  ],
});
