import {
  findDownlines,
  findPayouts,
  findTeamPlayers,
  findTeamTransactions,
  getInvitation,
  getTeamBetting,
  getTeamOverview,
  openDownlineAccount,
  payDividend,
  previewContract,
} from '@lanna/contract';
import type { FastifyPluginCallback } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint.ts';
import { originOf } from '../../shared/origin.ts';
import { openDownlineAccount as openAccount } from '../auth/index.ts';
import { getRegisterRules } from '../system/index.ts';
import * as downlines from './downlines.service.ts';
import * as reports from './reports.service.ts';
import * as team from './team.service.ts';

/**
 * The agent centre's calls (spec section 2; issue 22): agents only (the contract's roles), and
 * each reads or opens accounts only below the signed-in agent.
 */
export const agentsRoutes: FastifyPluginCallback = (app, _options, done) => {
  const { db } = app;

  registerEndpoint(app, getTeamOverview, ({ merchant, session, query }) =>
    team.getTeamOverview(db, merchant.id, session.memberId, query, app.clock()),
  );
  registerEndpoint(app, findDownlines, ({ merchant, session, query }) =>
    downlines.findDownlines(db, merchant.id, session.memberId, query, app.clock()),
  );
  registerEndpoint(app, openDownlineAccount, async ({ merchant, session, body, request }) =>
    openAccount(
      { db, merchantId: merchant.id, ip: request.clientIp, now: app.clock() },
      { memberId: session.memberId, type: session.type },
      body,
      await getRegisterRules(db, merchant.id),
    ),
  );
  registerEndpoint(app, getInvitation, ({ merchant, session, request }) =>
    downlines.getInvitation(db, merchant.id, session.memberId, originOf(request)),
  );
  registerEndpoint(app, getTeamBetting, ({ merchant, session, query }) =>
    reports.getTeamBetting(db, merchant.id, session.memberId, query, app.clock()),
  );
  registerEndpoint(app, findTeamPlayers, ({ merchant, session, query }) =>
    reports.findTeamPlayers(db, merchant.id, session.memberId, query, app.clock()),
  );
  registerEndpoint(app, findTeamTransactions, ({ merchant, session, query }) =>
    reports.findTeamTransactions(db, merchant.id, session.memberId, query, app.clock()),
  );
  registerEndpoint(app, findPayouts, ({ merchant, session, query }) =>
    reports.findPayouts(db, merchant.id, session.memberId, query, app.clock()),
  );
  registerEndpoint(app, payDividend, ({ merchant, session, params }) =>
    reports.payDividend(db, merchant.id, session.memberId, params.id, app.clock()),
  );
  registerEndpoint(app, previewContract, ({ merchant, session, body }) =>
    reports.previewContract(db, merchant.id, session.memberId, body, app.clock()),
  );
  done();
};
