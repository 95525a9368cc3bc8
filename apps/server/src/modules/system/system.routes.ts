import {
  getDomainRoute,
  getHealth,
  getMerchant,
  getPermission,
  getRegisterRules,
  getRegisterSettings,
  getRouters,
  getSystemStatus,
  getWhitelabel,
  updateLanguage,
} from '@lanna/contract';
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint.ts';
import { languageCookie } from '../../plugins/language.ts';
import type { Visitor } from './access-rules.ts';
import * as service from './system.service.ts';

const visitorOf = (request: FastifyRequest): Visitor => ({
  ip: request.clientIp,
  countryCode: request.countryCode,
});

export const systemRoutes: FastifyPluginCallback = (app, _options, done) => {
  const { db, accessSettings: access } = app;
  const startedAt = app.clock().getTime();

  registerEndpoint(app, getHealth, async () => {
    await db.query('SELECT 1');
    return {
      status: 'ok' as const,
      database: 'ok' as const,
      uptimeMs: app.clock().getTime() - startedAt,
    };
  });
  registerEndpoint(app, getSystemStatus, async ({ merchant, request }) =>
    service.getStatus(await access.get(merchant.id), visitorOf(request), app.clock()),
  );
  registerEndpoint(app, getPermission, ({ merchant, request }) =>
    service.getPermission(db, merchant.id, visitorOf(request), access),
  );
  registerEndpoint(app, getWhitelabel, async ({ merchant }) => ({
    modules: await service.getWhitelabel(db, merchant.id),
  }));
  registerEndpoint(app, getMerchant, ({ merchant }) => service.getMerchantBrand(db, merchant.id));
  registerEndpoint(app, getDomainRoute, ({ merchant }) => service.getDomainRoute(db, merchant.id));
  registerEndpoint(app, getRouters, async ({ merchant }) => ({
    domainList: await service.getRouters(db, merchant.id),
  }));
  registerEndpoint(app, getRegisterSettings, ({ merchant }) =>
    service.getRegisterSettings(db, merchant.id),
  );
  registerEndpoint(app, getRegisterRules, async ({ merchant }) => ({
    rules: await service.getRegisterRules(db, merchant.id),
  }));
  registerEndpoint(app, updateLanguage, ({ body, request, reply }) => {
    reply.header('set-cookie', languageCookie(body.language, request.protocol === 'https'));
    return Promise.resolve({ language: body.language });
  });
  done();
};
