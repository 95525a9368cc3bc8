/**
 * The chat module (issue 6 item 9): one room per merchant, plain-text messages, per-member
 * rate limit, operator moderation; it publishes `chatMessagePosted` and `chatMessageDeleted`
 * after commit and the realtime gateway delivers them to the sockets in the room.
 */
export { chatRoutes } from './chat.routes.ts';
export type { ChatEvents } from './chat.service.ts';
