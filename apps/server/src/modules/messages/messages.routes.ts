import {
  deleteMessage,
  findMessages,
  getUnreadMessages,
  readAllMessages,
  readMessage,
  sendMessage,
} from '@lanna/contract';
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint.ts';
import { AppError } from '../../shared/app-error.ts';
import type { MerchantRef } from '../system/index.ts';
import { operatorActorOf } from '../ops/index.ts';
import * as service from './messages.service.ts';

/** The caller's box: the session's member on the merchant of the request. */
const boxOf = (request: FastifyRequest, merchant: MerchantRef): service.Box => {
  const session = request.session;
  if (!session) throw new AppError('UNAUTHORIZED');
  return { merchantId: merchant.id, memberId: session.memberId };
};

/** Member messages (issue 6 item 4): the two boxes, unread counts, read, delete; operators send. */
export const messagesRoutes: FastifyPluginCallback = (app, _options, done) => {
  const { db } = app;
  const context = () => ({ now: app.clock(), events: app.events });

  registerEndpoint(app, findMessages, ({ query, request, merchant }) =>
    service.findMessages(db, boxOf(request, merchant), query),
  );
  registerEndpoint(app, getUnreadMessages, ({ request, merchant }) =>
    service.getUnreadMessages(db, boxOf(request, merchant)),
  );
  registerEndpoint(app, readMessage, ({ params, request, merchant }) =>
    service.readMessage(db, boxOf(request, merchant), params.id, context()),
  );
  registerEndpoint(app, readAllMessages, ({ body, request, merchant }) =>
    service.readAllMessages(db, boxOf(request, merchant), body.kind, context()),
  );
  registerEndpoint(app, deleteMessage, ({ params, request, merchant }) =>
    service.deleteMessage(db, boxOf(request, merchant), params.id, context()),
  );
  registerEndpoint(app, sendMessage, ({ params, body, request }) =>
    service.sendMessage(db, params.merchantCode, body, {
      ...context(),
      actor: operatorActorOf(request),
    }),
  );
  done();
};
