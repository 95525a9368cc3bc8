import type { RealtimeTopic, ServerFrame } from '@lanna/contract';

/**
 * Who receives a frame: one member's sockets, some sessions' sockets, every socket of a
 * merchant (guests too), every signed-in socket of a merchant, or the sockets of a merchant
 * that joined a topic.
 */
export type DeliveryTarget =
  | { kind: 'member'; merchantId: number; memberId: number }
  | { kind: 'sessions'; merchantId: number; sessionIds: readonly string[] }
  | { kind: 'merchant'; merchantId: number }
  | { kind: 'merchantMembers'; merchantId: number }
  | { kind: 'topic'; merchantId: number; topic: RealtimeTopic };

/** A frame on its way to the sockets of a target, on whichever node holds them. */
export type Delivery = { target: DeliveryTarget; frame: ServerFrame };

/**
 * Carries deliveries to every node's gateway (the node that published included): in memory
 * for one process, through Redis pub/sub for several. A node delivers only what it hears back
 * from the bus, so a frame reaches each socket once however many nodes run.
 */
export type RealtimeBus = {
  readonly kind: 'memory' | 'redis';
  publish(delivery: Delivery): void;
  subscribe(listener: (delivery: Delivery) => void): void;
  close(): Promise<void>;
};

/** One process: published deliveries are handed to the listeners on the next microtask. */
export const createMemoryBus = (): RealtimeBus => {
  const listeners: ((delivery: Delivery) => void)[] = [];
  return {
    kind: 'memory',
    publish: (delivery) => {
      // Asynchronous like Redis, so publishers never run socket writes inside their own call.
      queueMicrotask(() => {
        for (const listener of listeners) listener(delivery);
      });
    },
    subscribe: (listener) => {
      listeners.push(listener);
    },
    close: () => Promise.resolve(),
  };
};
