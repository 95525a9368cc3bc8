/**
 * A member's box changed (a message arrived, was read or deleted): published after commit so
 * the realtime gateway can tell the member's tabs to refetch the list and the unread count.
 */
export type MessagesChanged = { merchantId: number; memberId: number };

/** A message was sent to every member of a merchant: each signed-in member's count changed. */
export type MerchantMessagesChanged = { merchantId: number };

export type MessagesEvents = {
  messagesChanged: MessagesChanged;
  merchantMessagesChanged: MerchantMessagesChanged;
};
