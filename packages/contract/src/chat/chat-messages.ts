import { z } from 'zod';
import { REAL_ACCOUNT_ROLES } from '../auth/roles.ts';
import { defineEndpoint } from '../endpoint.ts';
import { shownText } from '../text.ts';

/** The longest chat message, in characters (code points) after trimming. */
export const CHAT_MESSAGE_MAX_LENGTH = 200;
/** Messages a member may send within CHAT_RATE_WINDOW_SECONDS. */
export const CHAT_RATE_LIMIT = 5;
export const CHAT_RATE_WINDOW_SECONDS = 10;
/** How many messages history answers by default and at most. */
export const CHAT_HISTORY_DEFAULT = 50;
export const CHAT_HISTORY_MAX = 100;

/**
 * One message of the chat room. `text` is plain text: the site renders it as text, never as
 * HTML. `author` is the display name at the time of sending (the nickname, or the username
 * masked), never the login name in full.
 */
export const ChatMessageSchema = z.object({
  id: z.number().int(),
  authorId: z.number().int(),
  author: z.string(),
  text: z.string(),
  sentAt: z.iso.datetime(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** Code points, not UTF-16 units: a Thai or emoji message counts as the member sees it. */
export const chatTextLength = (text: string): number => Array.from(text).length;

// Twice the code points bound the UTF-16 units: any text of CHAT_MESSAGE_MAX_LENGTH fits.
export const ChatTextSchema = shownText(CHAT_MESSAGE_MAX_LENGTH * 2, {
  min: 1,
  multiline: true,
  trim: true,
}).refine(
  (text) => chatTextLength(text) <= CHAT_MESSAGE_MAX_LENGTH,
  `at most ${CHAT_MESSAGE_MAX_LENGTH} characters`,
);

/**
 * Launch chat (spec section 7, Live): a merchant that uses an external chat answers its
 * `chatUrl`; otherwise the built-in room, which a trial may read but not write (spec section 6).
 */
export const ChatLaunchSchema = z.object({
  chatUrl: z.string().nullable(),
  /** The caller's member id, so the room can tell its own messages (`authorId`) apart. */
  memberId: z.number().int(),
  canSend: z.boolean(),
  /** Until when an operator muted the caller in the room, if it is muted now. */
  mutedUntil: z.iso.datetime().nullable(),
  maxLength: z.number().int(),
});
export type ChatLaunch = z.infer<typeof ChatLaunchSchema>;

export const getChatLaunch = defineEndpoint({
  method: 'GET',
  path: '/wps/live/chat',
  summary: "Launch chat: the merchant's external chat address, or the built-in room's rules",
  tag: 'chat',
  auth: 'member',
  value: ChatLaunchSchema,
  errors: ['MERCHANT_NOT_FOUND', 'UNAUTHORIZED'],
});

export const findChatMessages = defineEndpoint({
  method: 'GET',
  path: '/wps/chat/messages',
  summary: 'Chat room history: the latest messages (or those before beforeId), oldest first',
  tag: 'chat',
  auth: 'member',
  query: z
    .object({
      beforeId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
      limit: z.coerce.number().int().min(1).max(CHAT_HISTORY_MAX).default(CHAT_HISTORY_DEFAULT),
    })
    .strict(),
  value: z.object({ messages: z.array(ChatMessageSchema) }),
  errors: ['MERCHANT_NOT_FOUND', 'UNAUTHORIZED', 'VALIDATION_FAILED', 'CHAT_EXTERNAL'],
});

export const SendChatMessageRequestSchema = z.object({ text: ChatTextSchema }).strict();
export type SendChatMessageRequest = z.input<typeof SendChatMessageRequestSchema>;

export const sendChatMessage = defineEndpoint({
  method: 'POST',
  path: '/wps/chat/messages',
  summary:
    'Send a chat message (real accounts; at most 200 characters; 5 per 10 s per member); ' +
    'everyone in the room receives it through the realtime gateway',
  tag: 'chat',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  body: SendChatMessageRequestSchema,
  value: ChatMessageSchema,
  errors: [
    'MERCHANT_NOT_FOUND',
    'UNAUTHORIZED',
    'TRIAL_ACCOUNT_FORBIDDEN',
    'FORBIDDEN',
    'VALIDATION_FAILED',
    'MALFORMED_BODY',
    'RATE_LIMITED',
    'CHAT_MUTED',
    'CHAT_EXTERNAL',
  ],
});
