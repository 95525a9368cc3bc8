import { z } from 'zod';
import { SecondVerificationChallengeSchema } from './auth/second-verification.ts';

/**
 * Every response of the API is wrapped in this envelope (architecture.md, "Contract and errors").
 * `code` is stable and machine-readable; `message` is a translation key, never a sentence.
 */
export const envelopeOf = <T extends z.ZodType>(value: T) =>
  z.object({
    success: z.boolean(),
    code: z.string(),
    message: z.string(),
    value,
  });

export const ErrorEnvelopeSchema = z.object({
  success: z.literal(false),
  code: z.string(),
  message: z.string(),
  value: z
    .object({
      requestId: z.string().optional(),
      issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
      /** A failed login asks for a captcha: show the captcha field and load one. */
      captchaRequired: z.boolean().optional(),
      /** LOGIN_THROTTLED and RATE_LIMITED: seconds until a new attempt may succeed. */
      retryAfterSeconds: z.number().int().min(0).optional(),
      /** SECOND_VERIFICATION_REQUIRED: how to finish the held-back login (POST /wps/session/verify). */
      secondVerification: SecondVerificationChallengeSchema.optional(),
      /** CONTRACT_UNDERCUTS_DOWNLINES: the caller's contracts that accepting would end. */
      undercutContracts: z
        .array(z.object({ id: z.number().int(), downline: z.string(), topRateBp: z.number() }))
        .optional(),
    })
    .nullable(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export type Envelope<T> = { success: boolean; code: string; message: string; value: T };
