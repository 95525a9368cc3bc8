import { Redis } from 'ioredis';
import type { Delivery, RealtimeBus } from './realtime-bus.ts';

/** The Redis channel every node publishes to and listens on. */
export const REALTIME_CHANNEL = 'lanna:realtime';

export type RedisBusOptions = {
  url: string;
  channel?: string;
  onError: (error: unknown) => void;
};

/**
 * Several nodes: each delivery is published on one Redis channel as JSON and every node's
 * subscriber connection (a second client: a subscribed connection cannot publish) hands what
 * it hears to its gateway. Pub/sub keeps nothing: a node that is down misses the frames, and
 * its tabs, reconnecting elsewhere, read the state again (the client resumes by refetching).
 */
export const createRedisBus = async (options: RedisBusOptions): Promise<RealtimeBus> => {
  const channel = options.channel ?? REALTIME_CHANNEL;
  const clientOptions = { lazyConnect: true, maxRetriesPerRequest: 3 };
  const publisher = new Redis(options.url, clientOptions);
  const subscriber = new Redis(options.url, clientOptions);
  const listeners: ((delivery: Delivery) => void)[] = [];
  publisher.on('error', options.onError);
  subscriber.on('error', options.onError);
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    let delivery: Delivery;
    try {
      delivery = JSON.parse(text) as Delivery;
    } catch (error) {
      options.onError(error);
      return;
    }
    for (const listener of listeners) listener(delivery);
  });
  await Promise.all([publisher.connect(), subscriber.connect()]);
  await subscriber.subscribe(channel);
  return {
    kind: 'redis',
    publish: (delivery) => {
      publisher.publish(channel, JSON.stringify(delivery)).catch(options.onError);
    },
    subscribe: (listener) => {
      listeners.push(listener);
    },
    close: async () => {
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
};
