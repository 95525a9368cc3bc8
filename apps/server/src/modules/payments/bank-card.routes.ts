import { bindBankCard, bindEWallet, findPayeeAccounts, unbindPayeeAccount } from '@lanna/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint.ts';
import * as service from './bank-card.service.ts';

export const registerBankCardRoutes = (app: FastifyInstance): void => {
  const { db } = app;
  registerEndpoint(app, findPayeeAccounts, ({ session }) => service.findPayeeAccounts(db, session));
  registerEndpoint(app, bindBankCard, ({ body, session }) =>
    service.bindBankCard(db, session, body, app.clock()),
  );
  registerEndpoint(app, bindEWallet, ({ body, session }) =>
    service.bindEWallet(db, session, body, app.clock()),
  );
  registerEndpoint(app, unbindPayeeAccount, async ({ params, body, session }) => {
    await service.unbindPayeeAccount(
      db,
      session,
      params.accountId,
      body.paymentPassword,
      app.clock(),
    );
    return { unbound: true as const };
  });
};
