import type { ServerFrame } from '@lanna/contract';
import type { EventBus } from '../../shared/event-bus.ts';
import type { AuthEvents } from '../auth/index.ts';
import type { ChatEvents } from '../chat/index.ts';
import type { LedgerEvents } from '../ledger/index.ts';
import type { Delivery, DeliveryTarget } from './realtime-bus.ts';

/**
 * Facts other modules publish for the gateway: the member's messages or unread count changed
 * (member messages, for one member or for all of a merchant's), the merchant's
 * announcements changed (content), a contract request for an agent (the agents issue; nothing
 * publishes it yet). Each is published after its transaction committed.
 */
export type RealtimeEvents = {
  messagesChanged: { merchantId: number; memberId: number };
  /** A message went to every member of the merchant. */
  merchantMessagesChanged: { merchantId: number };
  announcementsChanged: { merchantId: number };
  contractRequested: { merchantId: number; memberId: number };
};

/** Everything the gateway listens to on `app.events`. */
export type GatewayEvents = LedgerEvents & AuthEvents & ChatEvents & RealtimeEvents;

const toMember = (event: { merchantId: number; memberId: number }): DeliveryTarget => ({
  kind: 'member',
  merchantId: event.merchantId,
  memberId: event.memberId,
});

const memberFrame =
  (frame: ServerFrame) =>
  (event: { merchantId: number; memberId: number }): Delivery => ({
    target: toMember(event),
    frame,
  });

/**
 * Turns in-process events into deliveries on the bus: each node publishes what happened on it,
 * and every node (itself included) delivers to the sockets it holds. Returns the unsubscribe.
 */
export const bridgeEvents = (
  events: Pick<EventBus<GatewayEvents>, 'on'>,
  publish: (delivery: Delivery) => void,
): (() => void) => {
  const offs = [
    events.on('balanceChanged', (event) =>
      publish({
        target: toMember(event),
        frame: {
          type: 'balance',
          wallet: event.wallet.kind,
          vendorCode: event.wallet.kind === 'vendor' ? event.wallet.vendorCode : null,
          balanceMinor: event.balanceMinor.toString(),
          committedAt: event.committedAt.toISOString(),
        },
      }),
    ),
    events.on('sessionRevoked', (event) =>
      publish({
        target: { kind: 'sessions', merchantId: event.merchantId, sessionIds: event.sessionIds },
        frame: { type: 'sessionRevoked' },
      }),
    ),
    events.on('messagesChanged', (event) => publish(memberFrame({ type: 'messages' })(event))),
    events.on('merchantMessagesChanged', (event) =>
      publish({
        target: { kind: 'merchantMembers', merchantId: event.merchantId },
        frame: { type: 'messages' },
      }),
    ),
    events.on('contractRequested', (event) =>
      publish(memberFrame({ type: 'contractRequest' })(event)),
    ),
    events.on('announcementsChanged', (event) =>
      publish({
        target: { kind: 'merchant', merchantId: event.merchantId },
        frame: { type: 'announcements' },
      }),
    ),
    events.on('chatMessagePosted', (event) =>
      publish({
        target: { kind: 'topic', merchantId: event.merchantId, topic: 'chat' },
        frame: { type: 'chatMessage', message: event.message },
      }),
    ),
    events.on('chatMessageDeleted', (event) =>
      publish({
        target: { kind: 'topic', merchantId: event.merchantId, topic: 'chat' },
        frame: { type: 'chatDeleted', messageId: event.messageId },
      }),
    ),
  ];
  return () => {
    for (const off of offs) off();
  };
};
