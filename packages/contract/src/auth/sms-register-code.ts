import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { HumanVerificationSchema } from './human-challenge.ts';
import { SMS_SEND_ERRORS } from './sms-login-code.ts';
import {
  CodeSentSchema,
  CountryDialingCodeSchema,
  MobileNumberSchema,
} from './verification-fields.ts';

/**
 * The registration variant of the SMS code request (spec section 3): `mobileNo` and
 * `regType`, the registration form that asks (username tab or mobile tab). Needs REGMOBVERF3.
 */
export const SendRegisterSmsCodeRequestSchema = z
  .object({
    mobileNo: MobileNumberSchema,
    regType: z.enum(['username', 'mobile']),
    countryDialingCode: CountryDialingCodeSchema.optional(),
    humanVerification: HumanVerificationSchema,
  })
  .strict();
export type SendRegisterSmsCodeRequest = z.input<typeof SendRegisterSmsCodeRequestSchema>;

export const sendRegisterSmsCode = defineEndpoint({
  method: 'POST',
  path: '/wps/verification/sms/register',
  summary: 'Send the SMS code that registration asks for (REGMOBVERF3)',
  tag: 'auth',
  auth: 'public',
  body: SendRegisterSmsCodeRequestSchema,
  value: CodeSentSchema,
  errors: SMS_SEND_ERRORS,
});
