/**
 * Error codes of the chat room (issue 6 item 9), with their HTTP status. `errors.ts` spreads
 * them into the one code table.
 */
export const CHAT_ERROR_STATUS = {
  /** An operator muted the member: it may read the room but not write until the mute ends. */
  CHAT_MUTED: 403,
  /** The merchant runs an external chat (launch chat answers its chatUrl): no built-in room. */
  CHAT_EXTERNAL: 409,
} as const;
