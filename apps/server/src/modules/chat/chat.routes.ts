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
import type { FastifyPluginCallback } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint.ts';
import { operatorActorOf } from '../ops/index.ts';
import * as service from './chat.service.ts';

/**
 * The chat room (issue 6 item 9): launch chat, history and sending for members; messages
 * reach open rooms through the realtime gateway. Operators list, delete, mute and switch a
 * merchant to an external chat under /ops.
 */
export const chatRoutes: FastifyPluginCallback = (app, _options, done) => {
  const { db } = app;

  registerEndpoint(app, getChatLaunch, ({ session }) =>
    service.getChatLaunch(db, session, app.clock()),
  );
  registerEndpoint(app, findChatMessages, async ({ merchant, query }) => ({
    messages: await service.findHistory(db, merchant.id, query),
  }));
  registerEndpoint(app, sendChatMessage, ({ body, session }) =>
    service.sendMessage(db, app.events, session, body.text, app.clock()),
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
