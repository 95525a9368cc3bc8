import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { LoginValueSchema } from './login.ts';
import { CodeSentSchema } from './verification-fields.ts';
import { text } from '../text.ts';

/** How a held-back login may be finished (spec section 4: mobile, SMS or e-mail code, bank payee name, authenticator). */
export const SECOND_VERIFICATION_METHODS = ['totp', 'sms', 'email', 'payeeName'] as const;
export const SecondVerificationMethodSchema = z.enum(SECOND_VERIFICATION_METHODS);
export type SecondVerificationMethod = z.infer<typeof SecondVerificationMethodSchema>;

/**
 * A login from an IP not seen before for the member, held back (SECOND_VERIFICATION_REQUIRED):
 * finish it within 10 minutes with one of `methods` (5 wrong answers in all).
 */
export const SecondVerificationChallengeSchema = z.object({
  verificationId: z.string(),
  methods: z.array(SecondVerificationMethodSchema),
  /** Where an SMS code goes, `+66*****5678`. */
  maskedMobile: z.string().nullable(),
  /** Where an e-mail code goes, `so*****@example.com`. */
  maskedEmail: z.string().nullable(),
  expiresAt: z.iso.datetime(),
});
export type SecondVerificationChallenge = z.infer<typeof SecondVerificationChallengeSchema>;

const VerificationIdSchema = z
  .string()
  .min(16)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

export const SendSecondVerificationCodeRequestSchema = z
  .object({ verificationId: VerificationIdSchema, method: z.enum(['sms', 'email']) })
  .strict();
export type SendSecondVerificationCodeRequest = z.input<
  typeof SendSecondVerificationCodeRequestSchema
>;

export const sendSecondVerificationCode = defineEndpoint({
  method: 'POST',
  path: '/wps/session/verify/code',
  summary: 'Send the SMS or e-mail code that finishes a held-back login',
  tag: 'auth',
  auth: 'public',
  body: SendSecondVerificationCodeRequestSchema,
  value: CodeSentSchema,
  errors: [
    'MERCHANT_NOT_FOUND',
    'VALIDATION_FAILED',
    'MALFORMED_BODY',
    'SECOND_VERIFICATION_EXPIRED',
    'VERIFICATION_METHOD_UNAVAILABLE',
    'CODE_SEND_TOO_SOON',
    'SMS_RATE_LIMITED',
    'EMAIL_RATE_LIMITED',
    'CODE_DELIVERY_FAILED',
  ],
});

/** `code`: six digits for totp, sms and email; the bank account's payee name for payeeName. */
export const CompleteSecondVerificationRequestSchema = z
  .object({
    verificationId: VerificationIdSchema,
    method: SecondVerificationMethodSchema,
    code: text(100, { min: 1, trim: true }),
  })
  .strict();
export type CompleteSecondVerificationRequest = z.input<
  typeof CompleteSecondVerificationRequestSchema
>;

export const completeSecondVerification = defineEndpoint({
  method: 'POST',
  path: '/wps/session/verify',
  summary: 'Finish a held-back login with the second factor; answers like a login',
  tag: 'auth',
  auth: 'public',
  body: CompleteSecondVerificationRequestSchema,
  value: LoginValueSchema,
  errors: [
    'MERCHANT_NOT_FOUND',
    'VALIDATION_FAILED',
    'MALFORMED_BODY',
    'SECOND_VERIFICATION_EXPIRED',
    'VERIFICATION_METHOD_UNAVAILABLE',
    'CODE_INVALID',
    'CODE_EXPIRED',
    'CODE_ATTEMPTS_EXCEEDED',
    'ACCOUNT_DISABLED',
  ],
});
