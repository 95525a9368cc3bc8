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
export const registerContentOpsRoutes = (app: FastifyInstance): void => {
  const { db } = app;
  const actionOf = (request: FastifyRequest, reason: string): ops.OperatorAction => ({
    actor: operatorActorOf(request),
    reason,
    now: app.clock(),
  });

  registerEndpoint(app, createNotice, ({ params, body, request }) =>
    ops.createNotice(db, params.merchantCode, body, actionOf(request, body.reason)),
  );
  registerEndpoint(app, createAnnouncement, ({ params, body, request }) =>
    announcements.createAnnouncement(
      db,
      app.events,
      params.merchantCode,
      body,
      actionOf(request, body.reason),
    ),
  );
  registerEndpoint(app, withdrawAnnouncement, ({ params, body, request }) =>
    announcements.withdrawAnnouncement(db, app.events, params, actionOf(request, body.reason)),
  );
  registerEndpoint(app, putHelpArticle, ({ params, body, request }) =>
    help.putHelpArticle(db, params, body, actionOf(request, body.reason)),
  );
  registerEndpoint(app, findOpsFeedback, ({ params, query }) =>
    feedback.findOpsFeedback(db, params.merchantCode, query),
  );
  registerEndpoint(app, getFeedbackImage, ({ params }) => feedback.getFeedbackImage(db, params));
  registerEndpoint(app, replyToFeedback, ({ params, body, request }) =>
    feedback.replyToFeedback(db, params, body.reply, actionOf(request, body.reason)),
  );
};
