import { getUplineTransferInfo, transferToDownline, transferToUpline } from '@lanna/contract';
import type { FastifyPluginCallback } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint.ts';
import * as service from './member-transfer.service.ts';
import { moneyContextOf } from './money-context.ts';

/**
 * Transfers to the upline and to a downline (issue 4 item 7), confirmed by the payments module's
 * payment password check, which app.ts passes in.
 */
export const memberTransferRoutes: FastifyPluginCallback<{
  verifyPaymentPassword: service.VerifyPaymentPassword;
}> = (app, { verifyPaymentPassword }, done) => {
  registerEndpoint(app, getUplineTransferInfo, ({ merchant, session }) =>
    service.getUplineTransferInfo(app.db, merchant.id, session.memberId),
  );
  registerEndpoint(app, transferToUpline, ({ session, body }) =>
    service.transferToUpline(moneyContextOf(app, session), body, verifyPaymentPassword),
  );
  registerEndpoint(app, transferToDownline, ({ session, body }) =>
    service.transferToDownline(moneyContextOf(app, session), body, verifyPaymentPassword),
  );
  done();
};
