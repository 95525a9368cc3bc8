import { getGameMenus } from '@lanna/contract';
import type { FastifyPluginCallback } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint.ts';
import * as service from './games.service.ts';

export const gamesRoutes: FastifyPluginCallback = (app, _options, done) => {
  registerEndpoint(app, getGameMenus, async ({ merchant }) => ({
    menus: await service.getGameMenus(app.db, merchant.id),
  }));
  done();
};
