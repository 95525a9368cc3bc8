import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { CHAT_HISTORY_DEFAULT, CHAT_HISTORY_MAX, ChatMessageSchema } from './chat-messages.ts';
import { OperatorReasonSchema, UsernameTextSchema } from '../text.ts';

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

const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
// The last label starts with a letter: a host ending in digits would be read as an IPv4 address.
const LAST_LABEL = '[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const PORT = '(?:6553[0-5]|655[0-2]\\d|65[0-4]\\d\\d|6[0-4]\\d{3}|[1-5]\\d{4}|[1-9]\\d{0,3})';
const CHAT_URL = new RegExp(
  `^https?://(?:${LABEL}\\.)*${LAST_LABEL}(?::${PORT})?(?:[/?#][\\x21-\\x7E]*)?$`,
  'u',
);

/** Whether the merchant uses the built-in room (null) or an external chat at this address. */
export const ChatSettingsSchema = z.object({
  externalChatUrl: z
    .url({ protocol: /^https?$/ })
    .max(500)
    // Members are sent to it: an http(s) address in printable ASCII (a path percent-encoded),
    // spelled out so the document states what the server takes.
    .regex(CHAT_URL, 'an http or https address')
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
