import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { CodeSentSchema } from './verification-fields.ts';
import { UsernameTextSchema } from '../text.ts';

/**
 * Forgot by e-mail (spec section 3), sent form-urlencoded (JSON is read too). `humanProof` is
 * the `proof` of a solved human check. When username and e-mail belong to one member, a reset
 * code goes to that address; the answer is the same either way, so the call tells nobody
 * whether an account exists (the spec's 'username or email does not exist' is never sent).
 */
export const ForgotPasswordEmailRequestSchema = z
  .object({
    username: UsernameTextSchema,
    email: z.email().max(254),
    humanProof: z
      .string()
      .min(1)
      .max(1024)
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'base64'),
  })
  .strict();
export type ForgotPasswordEmailRequest = z.input<typeof ForgotPasswordEmailRequestSchema>;

export const forgotPasswordByEmail = defineEndpoint({
  method: 'POST',
  path: '/wps/member/password/email',
  summary: 'E-mail a password reset code (the same answer whether or not the account exists)',
  tag: 'auth',
  auth: 'public',
  body: ForgotPasswordEmailRequestSchema,
  value: CodeSentSchema,
  errors: [
    'MERCHANT_NOT_FOUND',
    'VALIDATION_FAILED',
    'MALFORMED_BODY',
    'HUMAN_CHECK_FAILED',
    'CODE_SEND_TOO_SOON',
    'EMAIL_RATE_LIMITED',
    'CODE_DELIVERY_FAILED',
  ],
});
