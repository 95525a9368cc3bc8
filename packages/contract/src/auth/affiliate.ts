import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { text } from '../text.ts';

export const AffiliateQuerySchema = z
  .object({
    // Letters and digits; the document reads the code before it is trimmed.
    code: z
      .string()
      .trim()
      .min(1)
      .max(32)
      .regex(/^\s*[A-Za-z0-9]+\s*$/),
    domain: text(253).optional(),
  })
  .strict();

/** Checks an affiliate code before registration (spec section 4, Registration). */
export const getAffiliate = defineEndpoint({
  method: 'GET',
  path: '/wps/agent/affiliate',
  summary: 'Check an agent affiliate code; INVALID_INVITATION_CODE when it names no agent',
  tag: 'auth',
  auth: 'public',
  query: AffiliateQuerySchema,
  value: z.object({ code: z.string(), valid: z.literal(true) }),
  errors: [
    'MERCHANT_NOT_FOUND',
    'VALIDATION_FAILED',
    'INVALID_INVITATION_CODE',
    'FEATURE_DISABLED',
  ],
});
