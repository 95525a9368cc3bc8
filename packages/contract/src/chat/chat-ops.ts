import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { CHAT_HISTORY_DEFAULT, CHAT_HISTORY_MAX, ChatMessageSchema } from './chat-messages.ts';
import { OperatorReasonSchema, textPattern, UsernameTextSchema } from '../text.ts';

const MerchantParamsSchema = z.object({ merchantCode: z.string().regex(/^[a-z0-9-]{2,32}$/) });

/** Why the operator acts: written to the audit log with the change. */

const OPS_ERRORS = ['UNAUTHORIZED', 'NOT_FOUND', 'VALIDATION_FAILED', 'MALFORMED_BODY'] as const;

/** A chat message as an operator sees it: with the login name and whether it was deleted. */
export const OpsChatMessageSchema = ChatMessageSchema.extend({
  username: z.string(),
  deletedAt: z.iso.datetime().nullable(),
});
export type OpsChatMessage = z.infer<typeof OpsChatMessageSchema>;

export const findOpsChatMessages = defineEndpoint({
  method: 'GET',
  path: '/ops/merchants/:merchantCode/chat/messages',
  summary: 'Chat room messages of a merchant, newest first, deleted ones included (operators)',
  tag: 'ops',
  auth: 'operator',
  params: MerchantParamsSchema,
  query: z
    .object({
      limit: z.coerce.number().int().min(1).max(CHAT_HISTORY_MAX).default(CHAT_HISTORY_DEFAULT),
    })
    .strict(),
  value: z.object({ messages: z.array(OpsChatMessageSchema) }),
  errors: OPS_ERRORS,
});

export const deleteChatMessage = defineEndpoint({
  method: 'POST',
  path: '/ops/merchants/:merchantCode/chat/messages/:messageId/delete',
  summary:
    'Delete a chat message: it leaves the history and every open chat room at once ' +
    '(operators; audit-logged; deleting it again changes nothing)',
  tag: 'ops',
  auth: 'operator',
  params: MerchantParamsSchema.extend({
    messageId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  }),
  body: z.object({ reason: OperatorReasonSchema }).strict(),
  value: OpsChatMessageSchema,
  errors: OPS_ERRORS,
});

/** A mute of 0 minutes lifts the member's mute; at most a year. */
export const ChatMuteRequestSchema = z
  .object({ minutes: z.number().int().min(0).max(525_600), reason: OperatorReasonSchema })
  .strict();

export const ChatMuteSchema = z.object({
  username: z.string(),
  mutedUntil: z.iso.datetime().nullable(),
});
export type ChatMute = z.infer<typeof ChatMuteSchema>;

export const muteChatMember = defineEndpoint({
  method: 'PUT',
  path: '/ops/merchants/:merchantCode/members/:username/chat-mute',
  summary:
    'Mute a member in the chat room for some minutes (0 lifts the mute): it still reads the ' +
    'room (operators; audit-logged)',
  tag: 'ops',
  auth: 'operator',
  params: MerchantParamsSchema.extend({ username: UsernameTextSchema }),
  body: ChatMuteRequestSchema,
  value: ChatMuteSchema,
  errors: OPS_ERRORS,
});

/** Whether the merchant uses the built-in room (null) or an external chat at this address. */
export const ChatSettingsSchema = z.object({
  externalChatUrl: z
    .url({ protocol: /^https?$/ })
    .max(500)
    // Members are sent to it: the text rule of shown text, stated in the document.
    .regex(textPattern({ shown: true, multiline: false, notBlank: false }), 'no control characters')
    .nullable(),
});
export type ChatSettings = z.infer<typeof ChatSettingsSchema>;

export const getChatSettings = defineEndpoint({
  method: 'GET',
  path: '/ops/merchants/:merchantCode/chat-settings',
  summary: "A merchant's chat: built in, or the address of its external chat (operators)",
  tag: 'ops',
  auth: 'operator',
  params: MerchantParamsSchema,
  value: ChatSettingsSchema,
  errors: OPS_ERRORS,
});

export const putChatSettings = defineEndpoint({
  method: 'PUT',
  path: '/ops/merchants/:merchantCode/chat-settings',
  summary:
    "Switch a merchant's chat between the built-in room and an external chat (operators; audit-logged)",
  tag: 'ops',
  auth: 'operator',
  params: MerchantParamsSchema,
  body: ChatSettingsSchema.extend({ reason: OperatorReasonSchema }).strict(),
  value: ChatSettingsSchema,
  errors: OPS_ERRORS,
});
