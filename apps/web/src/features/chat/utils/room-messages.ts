import type { ChatMessage } from '@lanna/contract';

/** How many messages an open room keeps on screen; older ones fall off the top. */
export const ROOM_MESSAGE_LIMIT = 200;

/**
 * The room as shown: history and live messages merged by id (the same message may come from
 * both), deleted ones left out, in id order (the server's order of sending).
 */
export const roomMessages = (
  history: readonly ChatMessage[],
  live: readonly ChatMessage[],
  deleted: ReadonlySet<number>,
): ChatMessage[] => {
  const byId = new Map<number, ChatMessage>();
  for (const message of [...history, ...live]) {
    if (!deleted.has(message.id)) byId.set(message.id, message);
  }
  return [...byId.values()].sort((a, b) => a.id - b.id).slice(-ROOM_MESSAGE_LIMIT);
};
