/**
 * The messages module (issue 6 item 4): platform and internal messages of members, their read
 * state and unread counts, and the operator's send.
 */
export { messagesRoutes } from './messages.routes.ts';
/** Published after commit; the realtime gateway forwards them to the member's tabs. */
export type { MerchantMessagesChanged, MessagesChanged, MessagesEvents } from './messages.types.ts';
/** The unread counts, for the public state and the member centre's badges. */
export { getUnreadMessages } from './messages.service.ts';
/** A platform message to one member, written by the system in the caller's transaction. */
export { sendSystemMessage, type SystemMessage } from './messages.service.ts';
