import { z } from 'zod';

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
    })
    .nullable(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export type Envelope<T> = { success: boolean; code: string; message: string; value: T };
