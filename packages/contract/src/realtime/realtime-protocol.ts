import { z } from 'zod';
import { MemberRoleSchema } from '../auth/roles.ts';
import { ChatMessageSchema } from '../chat/chat-messages.ts';
import { MinorUnitsSchema } from '../money.ts';

/**
 * The realtime gateway's protocol (issue 6 item 8; architecture.md, Realtime): one WebSocket
 * per tab at REALTIME_PATH on the merchant's host, JSON text frames both ways. A tab connects
 * as a guest and signs in with an `auth` frame carrying its session token, so the token never
 * sits in a URL (logs, proxies, history). Every frame is validated on both sides.
 */
export const REALTIME_PATH = '/wps/realtime';

/** Topics a socket joins on request; member events need no subscription. */
export const RealtimeTopicSchema = z.enum(['chat']);
export type RealtimeTopic = z.infer<typeof RealtimeTopicSchema>;

/** The largest frame a client may send; anything bigger closes the socket. */
export const REALTIME_MAX_CLIENT_FRAME_BYTES = 4096;

/**
 * Close codes in the application range: the client acts on each (4401 and 4403 end the
 * session in the tab; 4408 and 4429 reconnect after a pause).
 */
export const REALTIME_CLOSE = {
  /** The token of the auth frame is not a live session of this merchant. */
  unauthorized: 4401,
  /** The session was revoked (signed out elsewhere, password changed, operator). */
  sessionRevoked: 4403,
  /** A frame the protocol does not know, or a second auth. */
  protocolError: 4400,
  /** Too many frames from the client. */
  tooManyFrames: 4429,
  /** The client did not answer pings. */
  timeout: 4408,
} as const;

export const ClientFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) }).strict(),
  z.object({ type: z.literal('subscribe'), topic: RealtimeTopicSchema }).strict(),
  z.object({ type: z.literal('unsubscribe'), topic: RealtimeTopicSchema }).strict(),
]);
export type ClientFrame = z.infer<typeof ClientFrameSchema>;

export const BalanceFrameSchema = z.object({
  type: z.literal('balance'),
  wallet: z.enum(['main', 'bonus', 'locked', 'vendor']),
  vendorCode: z.string().nullable(),
  balanceMinor: MinorUnitsSchema,
  /** When the ledger committed the change (ISO 8601, ms): how old the news is on arrival. */
  committedAt: z.iso.datetime(),
});
export type BalanceFrame = z.infer<typeof BalanceFrameSchema>;

export const ServerFrameSchema = z.discriminatedUnion('type', [
  /** The socket is who it says: a guest, or the member of the auth frame's session. */
  z.object({
    type: z.literal('ready'),
    role: z.union([z.literal('guest'), MemberRoleSchema]),
  }),
  z.object({ type: z.literal('subscribed'), topic: RealtimeTopicSchema }),
  /** One of the member's wallets changed (after the ledger committed): its new balance. */
  BalanceFrameSchema,
  /** The member's messages or their unread count changed: read them again. */
  z.object({ type: z.literal('messages') }),
  /** The merchant's announcements changed: read them again. */
  z.object({ type: z.literal('announcements') }),
  /** A contract request for the member (the agents issue): read them again. */
  z.object({ type: z.literal('contractRequest') }),
  /** This socket's session ended elsewhere: the tab signs out at once. */
  z.object({ type: z.literal('sessionRevoked') }),
  z.object({ type: z.literal('chatMessage'), message: ChatMessageSchema }),
  z.object({ type: z.literal('chatDeleted'), messageId: z.number().int() }),
  z.object({
    type: z.literal('error'),
    code: z.enum(['UNAUTHORIZED', 'VALIDATION_FAILED', 'RATE_LIMITED']),
  }),
]);
export type ServerFrame = z.infer<typeof ServerFrameSchema>;
