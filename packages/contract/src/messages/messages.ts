import { z } from 'zod';
import { REAL_ACCOUNT_ROLES } from '../auth/roles.ts';
import { defineEndpoint } from '../endpoint.ts';
import { checkPageDepth, keysetPageFields, keysetPageOf } from '../paging.ts';

/**
 * The two boxes of the member centre (spec section 2, Member centre menu): platform messages
 * (what the operator tells members) and internal messages (letters to one member).
 */
export const MESSAGE_KINDS = ['platform', 'internal'] as const;
export const MessageKindSchema = z.enum(MESSAGE_KINDS);
export type MessageKind = z.infer<typeof MessageKindSchema>;

/** Longest title and HTML body an operator may send (the body before sanitising). */
export const MESSAGE_TITLE_MAX = 120;
export const MESSAGE_CONTENT_MAX = 20_000;

/** One message in a member's box; `content` is HTML sanitised when it was saved. */
export const MemberMessageSchema = z.object({
  id: z.string(),
  kind: MessageKindSchema,
  title: z.string(),
  content: z.string(),
  createdAt: z.iso.datetime(),
  read: z.boolean(),
});
export type MemberMessage = z.infer<typeof MemberMessageSchema>;

/**
 * Unread messages of the caller (spec section 7, Home group: unread message count; spec
 * section 3, Public state `unreadMessage`): per box and in all. The header dropdown and the
 * member centre's red badge show `total`.
 */
export const UnreadMessagesSchema = z.object({
  total: z.number().int().min(0),
  platform: z.number().int().min(0),
  internal: z.number().int().min(0),
});
export type UnreadMessages = z.infer<typeof UnreadMessagesSchema>;

const MessageIdParamsSchema = z.object({ id: z.string().regex(/^[1-9][0-9]{0,17}$/) }).strict();

// Messages belong to real accounts: a trial skips the unread fetch (spec section 6) and is
// refused the boxes.
const MEMBER_ERRORS = ['UNAUTHORIZED', 'TRIAL_ACCOUNT_FORBIDDEN', 'MERCHANT_NOT_FOUND'] as const;

export const findMessages = defineEndpoint({
  method: 'GET',
  path: '/wps/member/messages',
  summary:
    "A page of the caller's platform or internal messages, newest first; the next and previous " +
    'pages by the cursors a page hands out, counted up to 10,000 messages',
  tag: 'messages',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  query: z
    .object({
      kind: MessageKindSchema,
      ...keysetPageFields,
      pageSize: z.coerce.number().int().min(1).max(50).default(10),
    })
    .strict()
    .superRefine(checkPageDepth),
  value: keysetPageOf(MemberMessageSchema).extend({ unread: UnreadMessagesSchema }),
  errors: ['VALIDATION_FAILED', 'RULES_NOT_MET', ...MEMBER_ERRORS],
});

export const getUnreadMessages = defineEndpoint({
  method: 'GET',
  path: '/wps/member/messages/unread',
  summary: "How many of the caller's messages are unread, per box",
  tag: 'messages',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  value: UnreadMessagesSchema,
  errors: MEMBER_ERRORS,
});

export const readMessage = defineEndpoint({
  method: 'POST',
  path: '/wps/member/messages/:id/read',
  summary: "Marks one of the caller's messages read (again is a no-op); answers the unread counts",
  tag: 'messages',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  params: MessageIdParamsSchema,
  value: UnreadMessagesSchema,
  errors: ['VALIDATION_FAILED', 'MESSAGE_NOT_FOUND', ...MEMBER_ERRORS],
});

export const readAllMessages = defineEndpoint({
  method: 'POST',
  path: '/wps/member/messages/read-all',
  summary: 'Marks every message of one box (or both) read; answers the unread counts',
  tag: 'messages',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  body: z.object({ kind: MessageKindSchema.optional() }).strict(),
  value: UnreadMessagesSchema,
  errors: ['VALIDATION_FAILED', 'MALFORMED_BODY', ...MEMBER_ERRORS],
});

export const deleteMessage = defineEndpoint({
  method: 'DELETE',
  path: '/wps/member/messages/:id',
  summary: "Removes one message from the caller's box for good; answers the unread counts",
  tag: 'messages',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  params: MessageIdParamsSchema,
  value: UnreadMessagesSchema,
  errors: ['VALIDATION_FAILED', 'MESSAGE_NOT_FOUND', ...MEMBER_ERRORS],
});
