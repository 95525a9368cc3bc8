import {
  deleteMessage,
  findMessages,
  getUnreadMessages,
  readAllMessages,
  readMessage,
  sendMessage,
} from '@lanna/contract';
import type { FastifyPluginCallback } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint.ts';
import { operatorActorOf } from '../ops/index.ts';
import * as service from './messages.service.ts';

/** Member messages (issue 6 item 4): the two boxes, unread counts, read, delete; operators send. */
export const messagesRoutes: FastifyPluginCallback = (app, _options, done) => {
  const { db } = app;
  const context = () => ({ now: app.clock(), events: app.events });

  registerEndpoint(app, findMessages, ({ query, session }) =>
    service.findMessages(db, session, query),
  );
  registerEndpoint(app, getUnreadMessages, ({ session }) => service.getUnreadMessages(db, session));
  registerEndpoint(app, readMessage, ({ params, session }) =>
    service.readMessage(db, session, params.id, context()),
  );
  registerEndpoint(app, readAllMessages, ({ body, session }) =>
    service.readAllMessages(db, session, body.kind, context()),
  );
  registerEndpoint(app, deleteMessage, ({ params, session }) =>
    service.deleteMessage(db, session, params.id, context()),
  );
  registerEndpoint(app, sendMessage, ({ params, body, request }) =>
    service.sendMessage(db, params.merchantCode, body, {
      ...context(),
      actor: operatorActorOf(request),
    }),
  );
  done();
};
