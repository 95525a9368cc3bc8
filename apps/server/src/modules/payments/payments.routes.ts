import type { FastifyPluginCallback } from 'fastify';
import { registerDepositRoutes } from './deposit.routes.ts';
import { registerWithdrawalRoutes } from './withdrawal.routes.ts';

/** The payments module's endpoints: deposits, and withdrawals beside them. */
export const paymentsRoutes: FastifyPluginCallback = (app, _options, done) => {
  registerDepositRoutes(app);
  registerWithdrawalRoutes(app);
  done();
};
