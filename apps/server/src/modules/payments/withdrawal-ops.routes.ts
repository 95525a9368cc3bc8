import {
  approveWithdrawal,
  findOpsWithdrawals,
  findWithdrawalDisputes,
  getOpsWithdrawalProof,
  getWithdrawalSettings,
  putWithdrawalSettings,
  rejectWithdrawal,
  resolveWithdrawalDispute,
} from '@lanna/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint.ts';
import { operatorActorOf } from '../ops/index.ts';
import type { ProofStore } from './withdrawal-proof-store.ts';
import * as review from './withdrawal-review.service.ts';
import * as settings from './withdrawal-settings.service.ts';

/** The operator's withdrawal routes (issue 4 item 9); every change is audit-logged. */
export const registerWithdrawalOpsRoutes = (app: FastifyInstance, store: ProofStore): void => {
  const { db } = app;
  const ledger = { events: app.events };

  registerEndpoint(app, findOpsWithdrawals, ({ params, query }) =>
    review.findOpsWithdrawals(db, params.merchantCode, query, app.clock()),
  );
  registerEndpoint(app, approveWithdrawal, ({ request, params, body }) =>
    review.approveWithdrawal(
      db,
      params.merchantCode,
      params.withdrawalId,
      { reason: body.reason, actor: operatorActorOf(request), now: app.clock() },
      ledger,
    ),
  );
  registerEndpoint(app, rejectWithdrawal, ({ request, params, body }) =>
    review.rejectWithdrawal(
      db,
      params.merchantCode,
      params.withdrawalId,
      { reason: body.reason, actor: operatorActorOf(request), now: app.clock() },
      ledger,
    ),
  );
  registerEndpoint(app, getOpsWithdrawalProof, ({ params }) =>
    review.getOpsWithdrawalProof(
      db,
      store,
      params.merchantCode,
      params.withdrawalId,
      params.proofId,
      app.clock(),
    ),
  );
  registerEndpoint(app, findWithdrawalDisputes, ({ params, query }) =>
    review.findWithdrawalDisputes(db, params.merchantCode, query.status, app.clock()),
  );
  registerEndpoint(app, resolveWithdrawalDispute, ({ request, params, body }) =>
    review.resolveWithdrawalDispute(
      db,
      params.merchantCode,
      params.disputeId,
      body,
      { actor: operatorActorOf(request), now: app.clock() },
      ledger,
    ),
  );
  registerEndpoint(app, getWithdrawalSettings, ({ params }) =>
    settings.getWithdrawalSettings(db, params.merchantCode),
  );
  registerEndpoint(app, putWithdrawalSettings, ({ request, params, body }) => {
    const { reason, ...values } = body;
    return settings.changeWithdrawalSettings(db, params.merchantCode, {
      settings: values,
      reason,
      actor: operatorActorOf(request),
      now: app.clock(),
    });
  });
};
