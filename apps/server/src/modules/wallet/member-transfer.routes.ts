import { getUplineTransferInfo, transferToDownline, transferToUpline } from '@lanna/contract';
import type { FastifyPluginCallback } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint.ts';
import * as service from './member-transfer.service.ts';
import { moneyContextOf, sessionOf } from './money-context.ts';

/** Transfers to the upline and to a downline (issue 4 item 7). */
export const memberTransferRoutes: FastifyPluginCallback = (app, _options, done) => {
  registerEndpoint(app, getUplineTransferInfo, ({ merchant, request }) =>
    service.getUplineTransferInfo(app.db, merchant.id, sessionOf(request).memberId),
  );
  registerEndpoint(app, transferToUpline, ({ merchant, request, body }) =>
    service.transferToUpline(moneyContextOf(app, request, merchant), body),
  );
  registerEndpoint(app, transferToDownline, ({ merchant, request, body }) =>
    service.transferToDownline(moneyContextOf(app, request, merchant), body),
  );
  done();
};
