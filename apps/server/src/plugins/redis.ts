import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /**
     * The connection for state every node must share (login failure counts, request rate
     * limits) when REDIS_URL is set; null on a single node, where the database and memory serve.
     */
    redis: Redis | null;
  }
}

/** Where the shared counters live in Redis: every key of this server starts with it. */
export const REDIS_KEY_PREFIX = 'lanna:';

/** Opens the shared Redis connection at build time (a wrong URL fails the start) and closes it with the app. */
export const redisPlugin = fp(
  async (app) => {
    const url = app.config.REDIS_URL;
    if (!url) {
      app.decorate('redis', null);
      return;
    }
    const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
    redis.on('error', (error: unknown) => app.log.error({ err: error }, 'redis'));
    await redis.connect();
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      await redis.quit();
    });
  },
  { name: 'redis' },
);
