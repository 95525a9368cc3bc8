import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../shared/app-error.ts';
import type { SessionMember } from '../auth/index.ts';
import type { MerchantRef } from '../system/index.ts';
import type { MemberMoneyContext } from './wallet-transfer.service.ts';

/** The signed-in member of a member route (the session hook has already refused guests). */
export const sessionOf = (request: FastifyRequest): SessionMember => {
  if (!request.session) throw new AppError('UNAUTHORIZED');
  return request.session;
};

/** Who moves money, at the app's clock, with balance events for the realtime gateway. */
export const moneyContextOf = (
  app: FastifyInstance,
  request: FastifyRequest,
  merchant: MerchantRef,
): MemberMoneyContext => ({
  db: app.db,
  merchantId: merchant.id,
  memberId: sessionOf(request).memberId,
  now: app.clock(),
  events: app.events,
});
