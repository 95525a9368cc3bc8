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
import { registerPaymentPasswordRoutes } from './payment-password.routes.ts';
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

  registerEndpoint(app, getWithdrawalOptions, ({ session }) =>
    service.getWithdrawalOptions(db, session, app.clock()),
  );
  registerEndpoint(app, requestWithdrawal, ({ body, session }) =>
    service.requestWithdrawal(db, session, body, app.clock(), ledger),
  );
  registerEndpoint(app, findWithdrawals, ({ query, session }) =>
    service.findWithdrawals(db, session, query, app.clock()),
  );
  registerEndpoint(app, getWithdrawal, ({ params, session }) =>
    service.getWithdrawal(db, session, params.withdrawalId, app.clock()),
  );
  registerEndpoint(app, confirmWithdrawal, ({ params, body, session }) =>
    confirmation.confirmWithdrawal(db, store, session, params.withdrawalId, body, app.clock()),
  );
  registerEndpoint(app, getWithdrawalProof, async ({ params, session }) => {
    const withdrawal = await service.getMemberWithdrawal(
      db,
      session,
      params.withdrawalId,
      app.clock(),
    );
    return confirmation.readProof(db, store, withdrawal, params.proofId);
  });
};
