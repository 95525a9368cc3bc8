import { findReconciliationRuns, runReconciliation } from '@lanna/contract';
import type { FastifyPluginCallback } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint.ts';
import { operatorActorOf } from '../ops/index.ts';
import * as service from './reconciliation.service.ts';

/** The operator's side of reconciliation (issue 4; checklist A9): the runs, and a run now. */
export const reconciliationRoutes: FastifyPluginCallback = (app, _options, done) => {
  const { db } = app;

  registerEndpoint(app, findReconciliationRuns, ({ query }) =>
    service.findReconciliationRuns(db, query),
  );
  registerEndpoint(app, runReconciliation, async ({ body, request }) => {
    const run = await service.runReconciliationNow(db, {
      actor: operatorActorOf(request),
      reason: body.reason,
      scope: body.scope,
      clock: app.clock,
    });
    service.logRun(request.log, run);
    return run;
  });
  done();
};
