import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { HumanVerificationSchema } from './human-challenge.ts';
import {
  CodeSentSchema,
  CountryDialingCodeSchema,
  MobileNumberSchema,
} from './verification-fields.ts';

/**
 * SMS code request without login (spec section 3): for a code login (`purpose` login, flag
 * MOBILEVERCODELOGIN3) or for the forgot-password phone tab (`purpose` resetPassword). The
 * answer is the same whether or not a member has the number; only a member's number gets a
 * message.
 */
export const SendLoginSmsCodeRequestSchema = z
  .object({
    mobileNum: MobileNumberSchema,
    countryDialingCode: CountryDialingCodeSchema.optional(),
    purpose: z.enum(['login', 'resetPassword']).default('login'),
    humanVerification: HumanVerificationSchema,
  })
  .strict();
export type SendLoginSmsCodeRequest = z.input<typeof SendLoginSmsCodeRequestSchema>;

export const SMS_SEND_ERRORS = [
  'MERCHANT_NOT_FOUND',
  'VALIDATION_FAILED',
  'MALFORMED_BODY',
  'PHONE_INVALID',
  'HUMAN_CHECK_FAILED',
  'FEATURE_DISABLED',
  'CODE_SEND_TOO_SOON',
  'SMS_RATE_LIMITED',
  'CODE_DELIVERY_FAILED',
] as const;

export const sendLoginSmsCode = defineEndpoint({
  method: 'POST',
  path: '/wps/verification/sms/noLogin',
  summary: 'Send an SMS code for a code login or a password reset by phone',
  tag: 'auth',
  auth: 'public',
  body: SendLoginSmsCodeRequestSchema,
  value: CodeSentSchema,
  errors: SMS_SEND_ERRORS,
});
