import {
  applyToPromotion,
  claimPromotion,
  decidePromotionApplication,
  findMemberApplications,
  findPromotionApplications,
  getApplicationImage,
  getPromotionPayouts,
  createPromotion,
  findBonusGrants,
  findMissions,
  getContest,
  getContestStanding,
  getEnvelope,
  openEnvelope,
  findMemberPromotions,
  findPromotions,
  getAvailablePromotions,
  updatePromotion,
} from '@lanna/contract';
import type { FastifyPluginCallback } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint.ts';
import { operatorActorOf } from '../ops/index.ts';
import * as applications from './applications.service.ts';
import * as bonuses from './bonus-grants.service.ts';
import * as contests from './contests.service.ts';
import * as missions from './missions.service.ts';
import * as claims from './promotion-claims.service.ts';
import * as service from './promotions.service.ts';
import * as envelopes from './red-envelopes.service.ts';

/**
 * The promotions centre for visitors and members, members' bonus claims and bonuses, and the
 * operators' activities (issue 24).
 */
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
  registerEndpoint(app, getAvailablePromotions, ({ merchant, session }) =>
    service.findAvailablePromotions(
      db,
      { merchantId: merchant.id, memberId: session.memberId },
      app.clock(),
    ),
  );
  registerEndpoint(app, claimPromotion, ({ merchant, session, params }) =>
    claims.claimPromotion(
      {
        db,
        merchantId: merchant.id,
        memberId: session.memberId,
        now: app.clock(),
        events: app.events,
      },
      params.id,
    ),
  );
  registerEndpoint(app, findBonusGrants, ({ merchant, session }) =>
    bonuses.findBonusGrants({
      db,
      merchantId: merchant.id,
      memberId: session.memberId,
      now: app.clock(),
      events: app.events,
    }),
  );
  registerEndpoint(app, openEnvelope, ({ merchant, session, params }) =>
    envelopes.openEnvelope(
      {
        db,
        merchantId: merchant.id,
        memberId: session.memberId,
        now: app.clock(),
        events: app.events,
      },
      params.id,
    ),
  );
  registerEndpoint(app, getEnvelope, ({ merchant, params }) =>
    envelopes.getEnvelopeState({ db, merchantId: merchant.id, now: app.clock() }, params.id),
  );
  registerEndpoint(app, getContest, ({ merchant, params }) =>
    contests.getContestState({ db, merchantId: merchant.id, now: app.clock() }, params.id),
  );
  registerEndpoint(app, getContestStanding, ({ merchant, session, params }) =>
    contests.getContestStanding(
      { db, merchantId: merchant.id, memberId: session.memberId, now: app.clock() },
      params.id,
    ),
  );
  registerEndpoint(app, findMissions, ({ merchant, session }) =>
    missions.findMissions({
      db,
      merchantId: merchant.id,
      memberId: session.memberId,
      now: app.clock(),
    }),
  );
  registerEndpoint(app, applyToPromotion, ({ merchant, session, params, body }) =>
    applications.applyToPromotion(
      { db, merchantId: merchant.id, memberId: session.memberId, now: app.clock() },
      params.id,
      body,
    ),
  );
  registerEndpoint(app, findMemberApplications, ({ merchant, session }) =>
    applications.findMemberApplications(db, merchant.id, session.memberId),
  );
  registerEndpoint(app, findPromotionApplications, ({ params, query }) =>
    applications.findApplicationQueue(db, params.merchantCode, query.status),
  );
  registerEndpoint(app, getApplicationImage, ({ params }) =>
    applications.getApplicationImage(db, params),
  );
  registerEndpoint(app, decidePromotionApplication, ({ params, body, request }) =>
    applications.decideApplication(db, params, body, {
      actor: operatorActorOf(request),
      now: app.clock(),
      events: app.events,
    }),
  );
  registerEndpoint(app, getPromotionPayouts, ({ params }) =>
    service.getPromotionPayouts(db, params),
  );
  registerEndpoint(app, createPromotion, ({ params, body, request }) =>
    service.savePromotion(db, params, body, { actor: operatorActorOf(request), now: app.clock() }),
  );
  registerEndpoint(app, updatePromotion, ({ params, body, request }) =>
    service.savePromotion(db, params, body, { actor: operatorActorOf(request), now: app.clock() }),
  );
  done();
};
