import { setGameMaintenance, setVendorMaintenance } from '@lanna/contract/games/games-ops';
import type { FastifyPluginCallback } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint.ts';
import { operatorActorOf } from '../ops/index.ts';
import { gameCatalogCacheOf } from './game-catalog.ts';
import { changeGameMaintenance, changeVendorMaintenance } from './games-ops.service.ts';

/** Operator actions on the catalog: a game or a whole vendor under maintenance. */
export const gamesOpsRoutes: FastifyPluginCallback = (app, _options, done) => {
  const { db } = app;
  const catalogs = gameCatalogCacheOf(db);
  registerEndpoint(app, setGameMaintenance, ({ params, body, request }) =>
    changeGameMaintenance(db, catalogs, params.nodeId, {
      maintenance: body.maintenance,
      reason: body.reason,
      actor: operatorActorOf(request),
    }),
  );
  registerEndpoint(app, setVendorMaintenance, ({ params, body, request }) =>
    changeVendorMaintenance(db, catalogs, params.vassalage, {
      maintenance: body.maintenance,
      reason: body.reason,
      actor: operatorActorOf(request),
    }),
  );
  done();
};
