import fp from 'fastify-plugin';
import type { AuthEvents } from '../modules/auth/index.ts';
import type { ChatEvents } from '../modules/chat/index.ts';
import type { LedgerEvents } from '../modules/ledger/index.ts';
import type { MessagesEvents } from '../modules/messages/index.ts';
import type { RealtimeEvents } from '../modules/realtime/index.ts';
import { createEventBus, type EventBus } from '../shared/event-bus.ts';

/** Every in-process event of the server, by name. */
export type AppEvents = LedgerEvents & MessagesEvents & AuthEvents & ChatEvents & RealtimeEvents;

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /**
     * Facts published after their transaction committed (a member's balance changed). Money
     * routes hand it to the ledger; the realtime gateway subscribes to push them to members.
     */
    events: EventBus<AppEvents>;
  }
}

export const eventsPlugin = fp(
  (app, _options, done) => {
    app.decorate(
      'events',
      createEventBus<AppEvents>((error, name) =>
        app.log.error({ err: error, event: name }, 'event listener failed'),
      ),
    );
    done();
  },
  { name: 'events' },
);
