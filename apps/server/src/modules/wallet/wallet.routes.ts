import { findAccountRecord, getWalletBalance } from '@lanna/contract';
import type { FastifyPluginCallback } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint.ts';
import { findAccountRecord as accountRecordOf } from './account-record.service.ts';
import * as service from './wallet.service.ts';

export const walletRoutes: FastifyPluginCallback = (app, _options, done) => {
  const { db } = app;

  registerEndpoint(app, getWalletBalance, ({ merchant, session }) => {
    return service.getWalletBalance(db, merchant.id, session.memberId);
  });
  registerEndpoint(app, findAccountRecord, ({ merchant, query, session }) => {
    return accountRecordOf(db, merchant.id, session.memberId, query);
  });
  done();
};
