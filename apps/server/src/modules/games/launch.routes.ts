import { launchFreeGame, launchGame } from '@lanna/contract';
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint.ts';
import { launchForMember, launchFreePlay, type IssueVendorSession } from './launch.service.ts';

/**
 * Game launch (spec section 7, /wps/game/launchGame): the member's wallet (a trial's play money)
 * for members, free play for anyone.
 */
export const gameLaunchRoutes: FastifyPluginCallback<{ issueVendorSession: IssueVendorSession }> = (
  app,
  { issueVendorSession },
  done,
) => {
  const houseVendorUrl = app.config.HOUSE_VENDOR_URL;
  // The origin the member's browser reached the site at, as the deposit return address uses.
  const siteOriginOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
  registerEndpoint(app, launchGame, ({ merchant, query, session, request }) => {
    return launchForMember(
      app.db,
      {
        merchant,
        memberId: session.memberId,
        trial: session.role === 'trial',
        vendorCode: query.vassalage,
        gameCode: query.gameCode,
        houseVendorUrl,
        siteOrigin: siteOriginOf(request),
        now: app.clock(),
      },
      issueVendorSession,
    );
  });
  registerEndpoint(app, launchFreeGame, ({ merchant, query, request }) =>
    launchFreePlay(app.db, {
      merchant,
      vendorCode: query.vassalage,
      gameCode: query.gameCode,
      houseVendorUrl,
      siteOrigin: siteOriginOf(request),
      now: app.clock(),
    }),
  );
  done();
};
