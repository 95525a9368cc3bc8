import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { LoginValueSchema } from './login.ts';
import { text } from '../text.ts';

/** Free play (flag FREEPLAY3): a new trial account and its session (spec sections 6 and 7). */
export const FreeplayLoginRequestSchema = z
  .object({
    os: text(32, { trim: true }).optional(),
    platform: z.literal('W'),
  })
  .strict();
export type FreeplayLoginRequest = z.infer<typeof FreeplayLoginRequestSchema>;

export const freeplayLogin = defineEndpoint({
  method: 'POST',
  path: '/wps/session/login/freeplay',
  summary: 'Start free play with a new trial account (FREEPLAY3)',
  tag: 'auth',
  auth: 'public',
  body: FreeplayLoginRequestSchema,
  value: LoginValueSchema,
  errors: [
    'MERCHANT_NOT_FOUND',
    'VALIDATION_FAILED',
    'MALFORMED_BODY',
    'FEATURE_DISABLED',
    'RATE_LIMITED',
  ],
});
