import { bindBankCard, bindEWallet, findPayeeAccounts, unbindPayeeAccount } from '@lanna/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint.ts';
import * as service from './bank-card.service.ts';
import { memberOf } from './payment-password.routes.ts';

export const registerBankCardRoutes = (app: FastifyInstance): void => {
  const { db } = app;
  registerEndpoint(app, findPayeeAccounts, ({ request }) =>
    service.findPayeeAccounts(db, memberOf(request)),
  );
  registerEndpoint(app, bindBankCard, ({ request, body }) =>
    service.bindBankCard(db, memberOf(request), body, app.clock()),
  );
  registerEndpoint(app, bindEWallet, ({ request, body }) =>
    service.bindEWallet(db, memberOf(request), body, app.clock()),
  );
  registerEndpoint(app, unbindPayeeAccount, async ({ request, params, body }) => {
    await service.unbindPayeeAccount(
      db,
      memberOf(request),
      params.accountId,
      body.paymentPassword,
      app.clock(),
    );
    return { unbound: true as const };
  });
};
