import { decideFreezeRequest, findFreezeRequests, requestDownlineFreeze } from '@lanna/contract';
import type { FastifyPluginCallback } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint.ts';
import { operatorActorOf } from '../ops/index.ts';
import * as service from './freeze-requests.service.ts';

/**
 * Freeze requests (issue 22 item 1): an agent asks for a member of its team; operators read the
 * queue and decide.
 */
export const freezeRequestsRoutes: FastifyPluginCallback = (app, _options, done) => {
  const { db } = app;
  registerEndpoint(app, requestDownlineFreeze, ({ merchant, session, params, body }) =>
    service.requestFreeze(db, {
      merchantId: merchant.id,
      agentId: session.memberId,
      account: params.account,
      reason: body.reason,
      now: app.clock(),
    }),
  );
  registerEndpoint(app, findFreezeRequests, ({ params, query }) =>
    service.findFreezeRequests(db, params.merchantCode, query),
  );
  registerEndpoint(app, decideFreezeRequest, ({ params, body, request }) =>
    service.decideFreezeRequest(db, params, body, {
      actor: operatorActorOf(request),
      now: app.clock(),
      events: app.events,
    }),
  );
  done();
};
