import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';

/** Decorates the instance with its database (see decorations.ts). */
export const dbPlugin = fp<{ db: Db }>(
  (app, options, done) => {
    app.decorate('db', options.db);
    done();
  },
  { name: 'db' },
);
