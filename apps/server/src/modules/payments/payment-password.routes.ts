import {
  changePaymentPassword,
  getPaymentPasswordStatus,
  setPaymentPassword,
  verifyPaymentPassword,
} from '@lanna/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint.ts';
import * as service from './payment-password.service.ts';

export const registerPaymentPasswordRoutes = (app: FastifyInstance): void => {
  const { db } = app;
  registerEndpoint(app, getPaymentPasswordStatus, ({ session }) =>
    service.getPaymentPasswordStatus(db, session, app.clock()),
  );
  registerEndpoint(app, setPaymentPassword, ({ body, session }) =>
    service.setPaymentPassword(db, session, body, app.clock()),
  );
  registerEndpoint(app, changePaymentPassword, ({ body, session }) =>
    service.changePaymentPassword(db, session, body, app.clock()),
  );
  registerEndpoint(app, verifyPaymentPassword, async ({ body, session }) => {
    await service.verifyPaymentPassword(db, session, body.paymentPassword, app.clock());
    return { verified: true as const };
  });
};
