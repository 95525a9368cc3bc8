/**
 * The realtime module (issue 6 item 8): the WebSocket gateway, and the bus that carries its
 * deliveries between server processes (Redis pub/sub when REDIS_URL is set, memory otherwise).
 * Other modules never call it: they publish facts on `app.events` after commit, and the
 * gateway turns them into frames for the members they concern.
 */
export { realtimeRoutes } from './realtime.routes.ts';
export type { RealtimeEvents, GatewayEvents } from './realtime.events.ts';
export type { Delivery, DeliveryTarget, RealtimeBus } from './realtime-bus.ts';
