import {
  approveDeposit,
  createDeposit,
  findDepositChannels,
  findDeposits,
  findOpsDeposits,
  receiveGatewayCallback,
  rejectDeposit,
} from '@lanna/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint.ts';
import { operatorActorOf } from '../ops/index.ts';
import * as review from './deposit-review.service.ts';
import { settleGatewayDeposit } from './deposit-callback.service.ts';
import * as service from './deposit.service.ts';
import { originOf } from '../../shared/origin.ts';

/** The deposit endpoints (issue 4 items 5, 8 and 9): the member's, the gateway's, the operators'. */
export const registerDepositRoutes = (app: FastifyInstance): void => {
  const { db } = app;

  registerEndpoint(app, findDepositChannels, ({ merchant }) =>
    service.findDepositChannels(db, app.paymentGateway, merchant.id),
  );
  registerEndpoint(app, createDeposit, ({ merchant, request, body, session }) =>
    service.createDeposit(
      {
        db,
        gateway: app.paymentGateway,
        merchantId: merchant.id,
        memberId: session.memberId,
        siteOrigin: originOf(request),
        now: app.clock(),
      },
      body,
    ),
  );
  registerEndpoint(app, findDeposits, ({ merchant, query, session }) =>
    service.findDeposits(db, merchant.id, session.memberId, query),
  );
  registerEndpoint(app, receiveGatewayCallback, ({ merchant, body }) =>
    settleGatewayDeposit(
      {
        db,
        gateway: app.paymentGateway,
        merchantId: merchant.id,
        now: app.clock(),
        events: app.events,
      },
      body,
    ),
  );

  registerEndpoint(app, findOpsDeposits, ({ params, query }) =>
    review.findOpsDeposits(db, params.merchantCode, query),
  );
  const decision = (
    params: { merchantCode: string; depositId: string },
    reason: string,
    request: FastifyRequest,
  ): review.OperatorDecision => ({
    merchantCode: params.merchantCode,
    depositId: params.depositId,
    reason,
    actor: operatorActorOf(request),
    now: app.clock(),
    events: app.events,
  });
  registerEndpoint(app, approveDeposit, ({ params, body, request }) =>
    review.approveDeposit(db, decision(params, body.reason, request)),
  );
  registerEndpoint(app, rejectDeposit, ({ params, body, request }) =>
    review.rejectDeposit(db, decision(params, body.reason, request)),
  );
};
