import {
  acceptContract,
  acknowledgeContract,
  findContracts,
  getContractRequests,
  correctPayout,
  offerContract,
  offerHouseContract,
  putAgent,
  rejectContract,
  terminateContract,
} from '@lanna/contract';
import type { FastifyInstance, FastifyPluginCallback, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint.ts';
import type { MerchantRef } from '../system/index.ts';
import { operatorActorOf } from '../ops/index.ts';
import * as service from './contracts.service.ts';
import * as ops from './agents-ops.service.ts';

const contextOf = (app: FastifyInstance, merchant: MerchantRef): service.ContractContext => ({
  db: app.db,
  merchantId: merchant.id,
  now: app.clock(),
  events: app.events,
});

/**
 * Contracts (spec sections 3, 4 and 7; issue 22 item 3): an agent offers its direct downline
 * agents, answers its upline's offers, ends either, and sees what waits in its pop-up.
 * Operators offer the house's contracts to top agents, place agents and correct payouts.
 */
export const contractsRoutes: FastifyPluginCallback = (app, _options, done) => {
  const { db } = app;
  registerEndpoint(app, findContracts, ({ merchant, session, query }) =>
    service.findContracts(db, merchant.id, session.memberId, query),
  );
  registerEndpoint(app, getContractRequests, ({ merchant, session }) =>
    service.getContractRequests(db, merchant.id, session.memberId),
  );
  registerEndpoint(app, offerContract, ({ merchant, session, body }) =>
    service.offerContract(contextOf(app, merchant), session.memberId, body),
  );
  registerEndpoint(app, acceptContract, ({ merchant, session, params, body }) =>
    service.acceptContract(
      contextOf(app, merchant),
      session.memberId,
      params.id,
      body.confirmUndercut,
    ),
  );
  registerEndpoint(app, rejectContract, ({ merchant, session, params }) =>
    service.rejectContract(contextOf(app, merchant), session.memberId, params.id),
  );
  registerEndpoint(app, terminateContract, ({ merchant, session, params }) =>
    service.terminateContract(contextOf(app, merchant), session.memberId, params.id),
  );
  registerEndpoint(app, acknowledgeContract, ({ merchant, session, params }) =>
    service.acknowledgeContract(contextOf(app, merchant), session.memberId, params.id),
  );
  const operatorOf = (request: FastifyRequest) => ({
    actor: operatorActorOf(request),
    now: app.clock(),
    events: app.events,
  });
  registerEndpoint(app, offerHouseContract, ({ params, body, request }) =>
    ops.offerHouseContractAsOperator(db, params, body, operatorOf(request)),
  );
  registerEndpoint(app, putAgent, ({ params, body, request }) =>
    ops.putAgent(db, params, body, operatorOf(request)),
  );
  registerEndpoint(app, correctPayout, ({ params, body, request }) =>
    ops.correctPayout(db, params, body, operatorOf(request)),
  );
  done();
};
