import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { text } from '../text.ts';

const OutboxQuerySchema = z
  .object({
    merchantCode: z.string().regex(/^[a-z0-9-]{2,32}$/),
    /** Only messages to this phone number (E.164) or e-mail address. */
    to: text(254)
      .regex(/^(\+[0-9]{6,20}|[^@\s]+@[^@\s]+)$/, 'a phone number (+66...) or an e-mail address')
      .optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();

export const OutboxSmsSchema = z.object({
  id: z.string(),
  to: z.string(),
  body: z.string(),
  createdAt: z.iso.datetime(),
});
export type OutboxSms = z.infer<typeof OutboxSmsSchema>;

export const OutboxEmailSchema = OutboxSmsSchema.extend({ subject: z.string() });
export type OutboxEmail = z.infer<typeof OutboxEmailSchema>;

/** The local SMS provider's messages, newest first (only while SMS_PROVIDER=outbox). */
export const findOutboxSms = defineEndpoint({
  method: 'GET',
  path: '/ops/outbox/sms',
  summary: 'SMS kept by the local outbox provider, newest first (operators)',
  tag: 'ops',
  auth: 'operator',
  query: OutboxQuerySchema,
  value: z.object({ messages: z.array(OutboxSmsSchema) }),
  errors: ['UNAUTHORIZED', 'NOT_FOUND', 'VALIDATION_FAILED', 'FEATURE_DISABLED'],
});

/** The offline e-mail provider's messages, newest first (only while SMTP_URL is unset). */
export const findOutboxEmail = defineEndpoint({
  method: 'GET',
  path: '/ops/outbox/email',
  summary: 'E-mail kept by the offline outbox provider, newest first (operators)',
  tag: 'ops',
  auth: 'operator',
  query: OutboxQuerySchema,
  value: z.object({ messages: z.array(OutboxEmailSchema) }),
  errors: ['UNAUTHORIZED', 'NOT_FOUND', 'VALIDATION_FAILED', 'FEATURE_DISABLED'],
});
