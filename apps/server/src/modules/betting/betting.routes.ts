import { findBettingRecord, findProfitLoss } from '@lanna/contract';
import type { FastifyPluginCallback } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint.ts';
import * as service from './betting.service.ts';

export const bettingRoutes: FastifyPluginCallback = (app, _options, done) => {
  const { db } = app;

  registerEndpoint(app, findBettingRecord, ({ merchant, query, session }) => {
    return service.findBettingRecord(db, merchant.id, session.memberId, query);
  });
  registerEndpoint(app, findProfitLoss, ({ merchant, query, session }) => {
    return service.findProfitLoss(db, merchant.id, session.memberId, query, app.clock());
  });
  done();
};
