import {
  deleteChatMessage,
  findChatMessages,
  findOpsChatMessages,
  getChatLaunch,
  getChatSettings,
  muteChatMember,
  putChatSettings,
  sendChatMessage,
} from '@lanna/contract';
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint.ts';
import { AppError } from '../../shared/app-error.ts';
import type { SessionMember } from '../auth/index.ts';
import { operatorActorOf } from '../ops/index.ts';
import * as service from './chat.service.ts';

const sessionOf = (request: FastifyRequest): SessionMember => {
  if (!request.session) throw new AppError('UNAUTHORIZED');
  return request.session;
};

/**
 * The chat room (issue 6 item 9): launch chat, history and sending for members; messages
 * reach open rooms through the realtime gateway. Operators list, delete, mute and switch a
 * merchant to an external chat under /ops.
 */
export const chatRoutes: FastifyPluginCallback = (app, _options, done) => {
  const { db } = app;

  registerEndpoint(app, getChatLaunch, ({ request }) =>
    service.getChatLaunch(db, sessionOf(request), app.clock()),
  );
  registerEndpoint(app, findChatMessages, async ({ merchant, query }) => ({
    messages: await service.findHistory(db, merchant.id, query),
  }));
  registerEndpoint(app, sendChatMessage, ({ request, body }) =>
    service.sendMessage(db, app.events, sessionOf(request), body.text, app.clock()),
  );

  registerEndpoint(app, findOpsChatMessages, async ({ params, query }) => ({
    messages: await service.findOpsMessages(db, params.merchantCode, query.limit),
  }));
  registerEndpoint(app, deleteChatMessage, ({ params, body, request }) =>
    service.deleteMessage(db, app.events, params.merchantCode, params.messageId, {
      actor: operatorActorOf(request),
      reason: body.reason,
      now: app.clock(),
    }),
  );
  registerEndpoint(app, muteChatMember, ({ params, body, request }) =>
    service.muteMember(db, params.merchantCode, params.username, body.minutes, {
      actor: operatorActorOf(request),
      reason: body.reason,
      now: app.clock(),
    }),
  );
  registerEndpoint(app, getChatSettings, ({ params }) =>
    service.getChatSettings(db, params.merchantCode),
  );
  registerEndpoint(app, putChatSettings, ({ params, body, request }) => {
    const { reason, ...next } = body;
    return service.changeChatSettings(db, params.merchantCode, next, {
      actor: operatorActorOf(request),
      reason,
      now: app.clock(),
    });
  });
  done();
};
