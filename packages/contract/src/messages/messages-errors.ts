/**
 * Error codes of member messages (issue 6 item 4), with their HTTP status. `errors.ts` spreads
 * them into the one code table.
 */
export const MESSAGES_ERROR_STATUS = {
  /**
   * No message with that id in the caller's box: never sent to the member, deleted, or another
   * member's. The same answer for all three, so an id reveals nothing about other boxes.
   */
  MESSAGE_NOT_FOUND: 404,
} as const;
