import {
  confirmWithdrawal,
  findWithdrawals,
  getWithdrawal,
  getWithdrawalOptions,
  getWithdrawalProof,
  requestWithdrawal,
} from '@lanna/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint.ts';
import { registerBankCardRoutes } from './bank-card.routes.ts';
import { memberOf, registerPaymentPasswordRoutes } from './payment-password.routes.ts';
import * as confirmation from './withdrawal-confirmation.service.ts';
import { registerWithdrawalOpsRoutes } from './withdrawal-ops.routes.ts';
import { createProofStore } from './withdrawal-proof-store.ts';
import * as service from './withdrawal.service.ts';

/**
 * Withdrawals, payee accounts and the payment password (issue 4 item 6), for members under
 * /wps/payments and for operators under /ops.
 */
export const registerWithdrawalRoutes = (app: FastifyInstance): void => {
  const { db } = app;
  const store = createProofStore(app.config.DATA_DIR);
  const ledger = { events: app.events };

  registerPaymentPasswordRoutes(app);
  registerBankCardRoutes(app);
  registerWithdrawalOpsRoutes(app, store);

  registerEndpoint(app, getWithdrawalOptions, ({ request }) =>
    service.getWithdrawalOptions(db, memberOf(request), app.clock()),
  );
  registerEndpoint(app, requestWithdrawal, ({ request, body }) =>
    service.requestWithdrawal(db, memberOf(request), body, app.clock(), ledger),
  );
  registerEndpoint(app, findWithdrawals, ({ request, query }) =>
    service.findWithdrawals(db, memberOf(request), query, app.clock()),
  );
  registerEndpoint(app, getWithdrawal, ({ request, params }) =>
    service.getWithdrawal(db, memberOf(request), params.withdrawalId, app.clock()),
  );
  registerEndpoint(app, confirmWithdrawal, ({ request, params, body }) =>
    confirmation.confirmWithdrawal(
      db,
      store,
      memberOf(request),
      params.withdrawalId,
      body,
      app.clock(),
    ),
  );
  registerEndpoint(app, getWithdrawalProof, async ({ request, params }) => {
    const withdrawal = await service.getMemberWithdrawal(
      db,
      memberOf(request),
      params.withdrawalId,
      app.clock(),
    );
    return confirmation.readProof(db, store, withdrawal, params.proofId);
  });
};
