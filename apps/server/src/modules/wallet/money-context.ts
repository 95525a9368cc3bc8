import type { FastifyInstance } from 'fastify';
import type { SessionMember } from '../auth/index.ts';
import type { MemberMoneyContext } from './wallet-transfer.service.ts';

/** Who moves money, at the app's clock, with balance events for the realtime gateway. */
export const moneyContextOf = (
  app: FastifyInstance,
  session: SessionMember,
): MemberMoneyContext => ({
  db: app.db,
  merchantId: session.merchantId,
  memberId: session.memberId,
  now: app.clock(),
  events: app.events,
});
