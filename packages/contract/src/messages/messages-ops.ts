import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { MESSAGE_CONTENT_MAX, MESSAGE_TITLE_MAX, MessageKindSchema } from './messages.ts';
import { OperatorReasonSchema, shownText, UsernameTextSchema } from '../text.ts';

const MerchantParamsSchema = z
  .object({ merchantCode: z.string().regex(/^[a-z0-9-]{2,32}$/) })
  .strict();

/**
 * An operator's message: to one member by username, or (no username) to every real account of
 * the merchant, present and future. The HTML body is sanitised before it is stored.
 */
export const SendMessageRequestSchema = z
  .object({
    kind: MessageKindSchema,
    username: UsernameTextSchema.optional(),
    title: shownText(MESSAGE_TITLE_MAX, { min: 1, trim: true }),
    content: shownText(MESSAGE_CONTENT_MAX, { min: 1, multiline: true, trim: true }),
    /** Why the operator sends it: written to the audit log with the message. */
    reason: OperatorReasonSchema,
  })
  .strict();
export type SendMessageRequest = z.input<typeof SendMessageRequestSchema>;

export const SentMessageSchema = z.object({
  id: z.string(),
  kind: MessageKindSchema,
  /** The recipient, or null for every member of the merchant. */
  username: z.string().nullable(),
  title: z.string(),
  /** The body as stored: sanitised. */
  content: z.string(),
  createdAt: z.iso.datetime(),
});
export type SentMessage = z.infer<typeof SentMessageSchema>;

export const sendMessage = defineEndpoint({
  method: 'POST',
  path: '/ops/merchants/:merchantCode/messages',
  summary: 'Sends a platform or internal message to one member or all (operators; audit-logged)',
  description:
    'The HTML content is sanitised when saved (no scripts, event handlers, javascript: URLs or ' +
    'SVG). Members see it in their box at once; connected tabs are told through the realtime ' +
    'gateway.',
  tag: 'ops',
  auth: 'operator',
  params: MerchantParamsSchema,
  body: SendMessageRequestSchema,
  value: SentMessageSchema,
  errors: ['UNAUTHORIZED', 'NOT_FOUND', 'VALIDATION_FAILED', 'MALFORMED_BODY'],
});
