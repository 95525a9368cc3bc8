import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { EncryptedPayloadSchema } from './encrypted-payload.ts';
import { LoginValueSchema } from './login.ts';
import { RegisterPayloadSchema } from './register.ts';
import { CountryDialingCodeSchema, MobileNumberSchema } from './verification-fields.ts';
import { text } from '../text.ts';

/**
 * Mobile registration (MOBILENUMREG3), sealed with `encryptPayload`: the register payload
 * without a username, which is the mobile number without leading zeros (spec section 4).
 * `verificationCode` is required where REGMOBVERF3 is on (from
 * `POST /wps/verification/sms/register`, regType mobile); `password` and `confirmPassword`
 * where MOBILENUMPASSREG3 is on (otherwise leave them empty: the member signs in by SMS code).
 */
export const RegisterMobilePayloadSchema = RegisterPayloadSchema.omit({ username: true })
  .extend({
    mobileNum: MobileNumberSchema,
    countryDialingCode: CountryDialingCodeSchema.optional(),
    password: text(128).default(''),
    confirmPassword: text(128).default(''),
  })
  .strict();
export type RegisterMobilePayload = z.input<typeof RegisterMobilePayloadSchema>;

export const registerMobile = defineEndpoint({
  method: 'PUT',
  path: '/wps/member/register/mobile',
  summary: 'Register a member by mobile number (sealed payload) and sign them in',
  tag: 'auth',
  auth: 'public',
  body: EncryptedPayloadSchema,
  payload: RegisterMobilePayloadSchema,
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
    'FEATURE_DISABLED',
    'PHONE_INVALID',
    'CODE_INVALID',
    'CODE_EXPIRED',
    'CODE_ATTEMPTS_EXCEEDED',
    'USERNAME_TAKEN',
    'PASSWORD_MISMATCH',
    'WEAK_PASSWORD',
    'INVALID_INVITATION_CODE',
    'TERMS_NOT_ACCEPTED',
    'AGE_NOT_CONFIRMED',
    'RATE_LIMITED',
  ],
});
