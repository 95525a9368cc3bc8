import {
  addFavouriteGame,
  findFavouriteGames,
  findFavouriteIds,
  findGames,
  findGameVendors,
  findHotGames,
  findPopularGames,
  getJackpot,
  findPvpRooms,
  findRecentGames,
  findVassalageGameTypes,
  getGameMenus,
  removeFavouriteGame,
} from '@lanna/contract';
import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponsesOf, registerEndpoint, svgResponses } from '../../plugins/endpoint.ts';
import { renderGameArt } from './game-art.service.ts';
import * as lists from './game-lists.service.ts';
import * as service from './games.service.ts';
import * as jackpot from './jackpot.service.ts';

const GameArtParamsSchema = z.object({
  file: z
    .string()
    .regex(/^\d{1,9}-[A-Za-z0-9_-]{10}(\.large)?\.svg$/, 'a game id, its art version and .svg'),
});

export const gamesRoutes: FastifyPluginCallback = (app, _options, done) => {
  const { db } = app;

  registerEndpoint(app, getGameMenus, async ({ merchant }) => ({
    menus: await service.getGameMenus(db, merchant.id),
  }));
  registerEndpoint(app, findGames, ({ merchant, query }) => lists.findGames(db, merchant, query));
  registerEndpoint(app, findGameVendors, async ({ merchant, query }) => ({
    data: { lanes: await lists.findGameVendors(db, merchant.id, query.gameType) },
  }));
  registerEndpoint(app, findVassalageGameTypes, ({ merchant, query }) =>
    lists.findVassalageGameTypes(db, merchant.id, query),
  );
  registerEndpoint(app, findHotGames, ({ merchant, query }) =>
    lists.findHotGames(db, merchant.id, query),
  );
  registerEndpoint(app, findPopularGames, ({ merchant, query }) =>
    lists.findPopularGames(db, merchant.id, query),
  );
  registerEndpoint(app, getJackpot, ({ merchant }) =>
    jackpot.getJackpot(db, merchant.id, app.clock()),
  );
  registerEndpoint(app, findFavouriteIds, ({ merchant, session }) =>
    lists.findFavouriteIds(db, merchant.id, session.memberId),
  );
  registerEndpoint(app, findFavouriteGames, ({ merchant, query, session }) =>
    lists.findFavouriteGames(db, merchant.id, session.memberId, query),
  );
  registerEndpoint(app, addFavouriteGame, ({ merchant, body, session }) =>
    lists.addFavourite(db, merchant.id, session.memberId, body),
  );
  registerEndpoint(app, removeFavouriteGame, ({ query, session }) =>
    lists.removeFavourite(db, session.memberId, query.nodeId),
  );
  registerEndpoint(app, findRecentGames, ({ merchant, query, session }) =>
    lists.findRecentGames(db, merchant.id, session.memberId, query),
  );
  registerEndpoint(app, findPvpRooms, ({ merchant, query }) =>
    lists.findPvpRooms(db, merchant.id, query),
  );

  // Game artwork is generated, not stored (like banners): an SVG per game and size. The file
  // name carries the art version, so a current name is cached for good.
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: `${lists.GAME_ART_PATH}/:file`,
    onRequest: [app.requireMerchant],
    schema: {
      summary: 'Generated artwork of a game, as SVG',
      tags: ['games'],
      params: GameArtParamsSchema,
      response: {
        ...svgResponses,
        ...errorResponsesOf(['VALIDATION_FAILED', 'MERCHANT_NOT_FOUND', 'NOT_FOUND']),
      },
    },
    handler: async (request, reply) => {
      const merchant = request.merchant;
      if (!merchant) throw new Error('requireMerchant did not run');
      const image = await renderGameArt(db, merchant.id, request.params.file);
      reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header(
          'cache-control',
          image.current ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        )
        // Artwork may be served to the merchant's pages through an image CDN on another origin.
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('etag', image.etag);
      if (request.headers['if-none-match'] === image.etag) return reply.status(304).send('');
      return reply.send(image.svg);
    },
  });
  done();
};
