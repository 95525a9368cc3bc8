import { findWinners, getLiveFigures } from '@lanna/contract';
import type { FastifyPluginCallback } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint.ts';
import * as service from './live.service.ts';

/** The winner board and the right panel's live figures (issue 6 item 7); public. */
export const liveRoutes: FastifyPluginCallback = (app, _options, done) => {
  const { db } = app;

  registerEndpoint(app, findWinners, ({ query, merchant }) =>
    service.findWinners(db, merchant.id, query),
  );
  registerEndpoint(app, getLiveFigures, ({ merchant }) =>
    service.getLiveFigures(db, merchant.id, {
      now: app.clock(),
      idleMinutes: app.config.SESSION_IDLE_MINUTES,
    }),
  );
  done();
};
