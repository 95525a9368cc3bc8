import {
  createPromotion,
  findMemberPromotions,
  findPromotions,
  updatePromotion,
} from '@lanna/contract';
import type { FastifyPluginCallback } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint.ts';
import { operatorActorOf } from '../ops/index.ts';
import * as service from './promotions.service.ts';

/** The promotions centre for visitors and members, and the operators' activities (issue 24). */
export const promotionsRoutes: FastifyPluginCallback = (app, _options, done) => {
  const { db } = app;
  registerEndpoint(app, findPromotions, ({ merchant, query }) =>
    service.findPromotions(
      db,
      { merchantId: merchant.id, memberId: null },
      query.category,
      app.clock(),
    ),
  );
  registerEndpoint(app, findMemberPromotions, ({ merchant, session, query }) =>
    service.findPromotions(
      db,
      { merchantId: merchant.id, memberId: session.memberId },
      query.category,
      app.clock(),
    ),
  );
  registerEndpoint(app, createPromotion, ({ params, body, request }) =>
    service.savePromotion(db, params, body, { actor: operatorActorOf(request), now: app.clock() }),
  );
  registerEndpoint(app, updatePromotion, ({ params, body, request }) =>
    service.savePromotion(db, params, body, { actor: operatorActorOf(request), now: app.clock() }),
  );
  done();
};
