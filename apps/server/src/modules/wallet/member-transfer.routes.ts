import { getUplineTransferInfo, transferToDownline, transferToUpline } from '@lanna/contract';
import type { FastifyPluginCallback } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint.ts';
import * as service from './member-transfer.service.ts';
import { moneyContextOf } from './money-context.ts';

/** Transfers to the upline and to a downline (issue 4 item 7). */
export const memberTransferRoutes: FastifyPluginCallback = (app, _options, done) => {
  registerEndpoint(app, getUplineTransferInfo, ({ merchant, session }) =>
    service.getUplineTransferInfo(app.db, merchant.id, session.memberId),
  );
  registerEndpoint(app, transferToUpline, ({ session, body }) =>
    service.transferToUpline(moneyContextOf(app, session), body),
  );
  registerEndpoint(app, transferToDownline, ({ session, body }) =>
    service.transferToDownline(moneyContextOf(app, session), body),
  );
  done();
};
