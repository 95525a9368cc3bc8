import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { EventSink } from '../../shared/event-bus.ts';
import type { MerchantRef } from '../system/index.ts';
import type { AuthEvents } from './session.service.ts';

/** Who is asking, and the time: everything a sign-in step needs besides its payload. */
export type AuthContext = {
  db: Db;
  config: Env;
  merchantId: number;
  ip: string;
  userAgent: string;
  now: Date;
  /** Where revoked sessions are announced (the realtime gateway signs their tabs out). */
  events?: EventSink<AuthEvents>;
};

/** The context of one request: its merchant, its trusted client address and the app's clock. */
export const authContextOf = (
  app: FastifyInstance,
  request: FastifyRequest,
  merchant: MerchantRef,
): AuthContext => ({
  db: app.db,
  config: app.config,
  merchantId: merchant.id,
  ip: request.clientIp,
  userAgent: request.headers['user-agent'] ?? '',
  now: app.clock(),
  events: app.events,
});
