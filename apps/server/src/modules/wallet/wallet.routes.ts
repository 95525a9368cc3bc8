import { findAccountRecord, getWalletBalance } from '@lanna/contract';
import type { FastifyPluginCallback } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint.ts';
import { AppError } from '../../shared/app-error.ts';
import { findAccountRecord as accountRecordOf } from './account-record.service.ts';
import * as service from './wallet.service.ts';

export const walletRoutes: FastifyPluginCallback = (app, _options, done) => {
  const { db } = app;

  registerEndpoint(app, getWalletBalance, ({ merchant, request }) => {
    if (!request.session) throw new AppError('UNAUTHORIZED');
    return service.getWalletBalance(db, merchant.id, request.session.memberId);
  });
  registerEndpoint(app, findAccountRecord, ({ merchant, request, query }) => {
    if (!request.session) throw new AppError('UNAUTHORIZED');
    return accountRecordOf(db, merchant.id, request.session.memberId, query);
  });
  done();
};
