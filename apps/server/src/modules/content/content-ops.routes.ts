import {
  createAnnouncement,
  createNotice,
  findOpsFeedback,
  getFeedbackImage,
  putHelpArticle,
  replyToFeedback,
  withdrawAnnouncement,
} from '@lanna/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint.ts';
import { operatorActorOf } from '../../plugins/operator-auth.ts';
import * as announcements from './announcements.service.ts';
import * as ops from './content-ops.service.ts';
import * as feedback from './feedback.service.ts';
import * as help from './help.service.ts';

/** The operator's content calls: notices, announcements, help articles, feedback answers. */
export const registerContentOpsRoutes = (
  app: FastifyInstance,
  findMerchantByCode: ops.FindMerchantByCode,
): void => {
  const { db } = app;
  const merchantIdOf = (merchantCode: string) =>
    ops.merchantIdForOps(findMerchantByCode, db, merchantCode);
  /** The route's params with the merchant they name by code. */
  const targetOf = async <Params extends { merchantCode: string }>(params: Params) => ({
    ...params,
    merchantId: await merchantIdOf(params.merchantCode),
  });
  const actionOf = (request: FastifyRequest, reason: string): ops.OperatorAction => ({
    actor: operatorActorOf(request),
    reason,
    now: app.clock(),
  });

  registerEndpoint(app, createNotice, async ({ params, body, request }) =>
    ops.createNotice(
      db,
      await merchantIdOf(params.merchantCode),
      body,
      actionOf(request, body.reason),
    ),
  );
  registerEndpoint(app, createAnnouncement, async ({ params, body, request }) =>
    announcements.createAnnouncement(
      db,
      app.events,
      await merchantIdOf(params.merchantCode),
      body,
      actionOf(request, body.reason),
    ),
  );
  registerEndpoint(app, withdrawAnnouncement, async ({ params, body, request }) =>
    announcements.withdrawAnnouncement(
      db,
      app.events,
      await targetOf(params),
      actionOf(request, body.reason),
    ),
  );
  registerEndpoint(app, putHelpArticle, async ({ params, body, request }) =>
    help.putHelpArticle(db, await targetOf(params), body, actionOf(request, body.reason)),
  );
  registerEndpoint(app, findOpsFeedback, async ({ params, query }) =>
    feedback.findOpsFeedback(db, await merchantIdOf(params.merchantCode), query),
  );
  registerEndpoint(app, getFeedbackImage, async ({ params }) =>
    feedback.getFeedbackImage(db, await targetOf(params)),
  );
  registerEndpoint(app, replyToFeedback, async ({ params, body, request }) =>
    feedback.replyToFeedback(
      db,
      await targetOf(params),
      body.reply,
      actionOf(request, body.reason),
    ),
  );
};
