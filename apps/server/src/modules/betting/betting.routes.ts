import { findBettingRecord, findProfitLoss } from '@lanna/contract';
import type { FastifyPluginCallback } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint.ts';
import { AppError } from '../../shared/app-error.ts';
import * as service from './betting.service.ts';

export const bettingRoutes: FastifyPluginCallback = (app, _options, done) => {
  const { db } = app;

  registerEndpoint(app, findBettingRecord, ({ merchant, request, query }) => {
    if (!request.session) throw new AppError('UNAUTHORIZED');
    return service.findBettingRecord(db, merchant.id, request.session.memberId, query);
  });
  registerEndpoint(app, findProfitLoss, ({ merchant, request, query }) => {
    if (!request.session) throw new AppError('UNAUTHORIZED');
    return service.findProfitLoss(db, merchant.id, request.session.memberId, query, app.clock());
  });
  done();
};
