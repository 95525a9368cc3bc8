import {
  changePaymentPassword,
  getPaymentPasswordStatus,
  setPaymentPassword,
  verifyPaymentPassword,
} from '@lanna/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint.ts';
import { AppError } from '../../shared/app-error.ts';
import * as service from './payment-password.service.ts';

/** The signed-in member of a member route (the session hook ran before the handler). */
export const memberOf = (request: FastifyRequest): service.MemberRef => {
  const session = request.session;
  if (!session) throw new AppError('UNAUTHORIZED');
  return { merchantId: session.merchantId, memberId: session.memberId };
};

export const registerPaymentPasswordRoutes = (app: FastifyInstance): void => {
  const { db } = app;
  registerEndpoint(app, getPaymentPasswordStatus, ({ request }) =>
    service.getPaymentPasswordStatus(db, memberOf(request), app.clock()),
  );
  registerEndpoint(app, setPaymentPassword, ({ request, body }) =>
    service.setPaymentPassword(db, memberOf(request), body, app.clock()),
  );
  registerEndpoint(app, changePaymentPassword, ({ request, body }) =>
    service.changePaymentPassword(db, memberOf(request), body, app.clock()),
  );
  registerEndpoint(app, verifyPaymentPassword, async ({ request, body }) => {
    await service.verifyPaymentPassword(db, memberOf(request), body.paymentPassword, app.clock());
    return { verified: true as const };
  });
};
