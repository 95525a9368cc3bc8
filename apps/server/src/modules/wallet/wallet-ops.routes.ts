import {
  adjustMemberBalance,
  getMemberWallets,
  getMerchantWalletSettings,
  putMerchantWalletSettings,
  setMemberFrozen,
} from '@lanna/contract';
import type { FastifyPluginCallback } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint.ts';
import { operatorActorOf } from '../ops/index.ts';
import * as service from './wallet-ops.service.ts';

/** Operator actions on wallets (issue 4 item 9): wallet mode, adjustments, freezes. */
export const walletOpsRoutes: FastifyPluginCallback = (app, _options, done) => {
  const { db } = app;

  registerEndpoint(app, getMerchantWalletSettings, ({ params }) =>
    service.getMerchantWalletSettings(db, params.merchantCode),
  );
  registerEndpoint(app, putMerchantWalletSettings, ({ params, body, request }) => {
    const { reason, ...next } = body;
    return service.changeMerchantWalletSettings(db, params.merchantCode, next, {
      actor: operatorActorOf(request),
      reason,
      now: app.clock(),
    });
  });
  registerEndpoint(app, getMemberWallets, ({ params }) =>
    service.getMemberWallets(db, params.merchantCode, params.username),
  );
  registerEndpoint(app, adjustMemberBalance, ({ params, body, request }) =>
    service.adjustMemberBalance(db, params.merchantCode, params.username, body, {
      actor: operatorActorOf(request),
      now: app.clock(),
      events: app.events,
    }),
  );
  registerEndpoint(app, setMemberFrozen, ({ params, body, request }) =>
    service.setMemberFrozen(db, params.merchantCode, params.username, body.frozen, {
      actor: operatorActorOf(request),
      reason: body.reason,
      now: app.clock(),
    }),
  );
  done();
};
