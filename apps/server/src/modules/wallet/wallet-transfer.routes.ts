import { getConsolidatedFunds, getMerchantWallet, walletTransfer } from '@lanna/contract';
import type { FastifyPluginCallback } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint.ts';
import * as funds from './consolidated-funds.service.ts';
import { moneyContextOf } from './money-context.ts';
import { getMerchantWallet as readMerchantWallet } from './wallet-mode.service.ts';
import { transferWallet } from './wallet-transfer.service.ts';

/** The merchant wallet, wallet transfers and consolidated funds (issue 4 items 3 and 10). */
export const walletTransferRoutes: FastifyPluginCallback = (app, _options, done) => {
  const { db } = app;

  registerEndpoint(app, getMerchantWallet, ({ merchant }) => readMerchantWallet(db, merchant.id));
  registerEndpoint(app, walletTransfer, ({ session, body }) =>
    transferWallet(moneyContextOf(app, session), body),
  );
  registerEndpoint(app, getConsolidatedFunds, ({ merchant, session }) =>
    funds.getConsolidatedFunds(db, merchant.id, session.memberId),
  );
  done();
};
