import websocket from '@fastify/websocket';
import { REALTIME_MAX_CLIENT_FRAME_BYTES, REALTIME_PATH } from '@lanna/contract';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { authenticate, findUsableSessions, policyOf } from '../auth/index.ts';
import { Gateway } from './gateway.ts';
import { createMemoryBus, type RealtimeBus } from './realtime-bus.ts';
import { bridgeEvents } from './realtime.events.ts';
import { createRedisBus } from './redis-bus.ts';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** This node's sockets and the bus between nodes (modules/realtime). */
    realtime: { gateway: Gateway; bus: RealtimeBus };
  }
}

/**
 * The realtime gateway (issue 6 item 8): a WebSocket at REALTIME_PATH on the merchant's host.
 * In-process events (balances, revoked sessions, messages, announcements, chat) go to the bus
 * (Redis when REDIS_URL is set, memory otherwise) and come back to every node's gateway, which
 * writes them to the sockets it holds.
 */
const realtimePlugin: FastifyPluginAsync = async (app) => {
  const { config } = app;
  const onError = (error: unknown) => app.log.error({ err: error }, 'realtime gateway');
  await app.register(websocket, { options: { maxPayload: REALTIME_MAX_CLIENT_FRAME_BYTES } });
  const bus = config.REDIS_URL
    ? await createRedisBus({
        url: config.REDIS_URL,
        channel: config.REALTIME_REDIS_CHANNEL,
        onError,
      })
    : createMemoryBus();
  const policy = policyOf(config);
  const gateway = new Gateway({
    onError,
    usableSessions: (sessionIds) => findUsableSessions(app.db, policy, sessionIds, app.clock()),
    authenticate: async (token, merchantId) => {
      const session = await authenticate(app.db, policy, token, merchantId, app.clock());
      return session
        ? { sessionId: session.sessionId, memberId: session.memberId, role: session.role }
        : null;
    },
  });
  bus.subscribe((delivery) => gateway.deliver(delivery));
  const unbridge = bridgeEvents(app.events, (delivery) => bus.publish(delivery));
  app.decorate('realtime', { gateway, bus });

  // A WebSocket, not an HTTP call: the contract's realtime protocol documents it, not OpenAPI.
  app.get(
    REALTIME_PATH,
    { websocket: true, onRequest: app.requireMerchant, schema: { hide: true } },
    (socket, request) => {
      const { merchant } = request;
      if (!merchant) {
        socket.close(1011);
        return;
      }
      gateway.attach(socket, merchant.id);
    },
  );

  app.addHook('onClose', async () => {
    unbridge();
    gateway.close();
    await bus.close();
  });
};

/** Not encapsulated: `app.realtime` is the node's gateway for the whole app (tests, the bench). */
export const realtimeRoutes = fp(realtimePlugin, {
  name: 'realtime',
  dependencies: ['events', 'merchant', 'db'],
});
