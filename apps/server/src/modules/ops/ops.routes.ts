import { getMerchantAccessSettings, putMerchantAccessSettings } from '@lanna/contract';
import type { FastifyPluginCallback } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint.ts';
import { operatorActorOf } from '../../plugins/operator-auth.ts';
import * as service from './ops.service.ts';

export const opsRoutes: FastifyPluginCallback = (app, _options, done) => {
  const { db } = app;

  registerEndpoint(app, getMerchantAccessSettings, ({ params }) =>
    service.getMerchantAccess(db, params.merchantCode),
  );
  registerEndpoint(app, putMerchantAccessSettings, ({ params, body, request }) => {
    const { reason, ...settings } = body;
    return service.changeMerchantAccess(db, app.accessSettings, params.merchantCode, {
      settings,
      reason,
      actor: operatorActorOf(request),
    });
  });
  done();
};
