import fastifyRateLimit from '@fastify/rate-limit';
import {
  freeplayLogin,
  getCaptcha,
  register,
  registerMobile,
  startSocialLogin,
  type Endpoint,
} from '@lanna/contract';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../config/env.ts';
import { AppError } from '../shared/app-error.ts';
import { REDIS_KEY_PREFIX } from './redis.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/** Social sign-ins one address may start a minute: each opens a flow row and a provider call. */
const SOCIAL_STARTS_PER_IP_PER_MINUTE = 30;

type RequestLimit = { endpoint: Endpoint; max: number; timeWindowMs: number };

/**
 * The request limits per client address and merchant, one row per endpoint: every request
 * counts, refused ones too (a registration refused as USERNAME_TAKEN still asked about a name).
 * The login throttle is not here: it counts failures per account (modules/auth/failure-counter.ts).
 */
const limitsOf = (config: Env): RequestLimit[] => [
  { endpoint: getCaptcha, max: config.CAPTCHA_PER_IP_PER_MINUTE, timeWindowMs: MINUTE_MS },
  { endpoint: freeplayLogin, max: config.FREEPLAY_PER_IP_PER_HOUR, timeWindowMs: HOUR_MS },
  { endpoint: register, max: config.REGISTER_PER_IP_PER_HOUR, timeWindowMs: HOUR_MS },
  { endpoint: registerMobile, max: config.REGISTER_PER_IP_PER_HOUR, timeWindowMs: HOUR_MS },
  {
    endpoint: startSocialLogin,
    max: SOCIAL_STARTS_PER_IP_PER_MINUTE,
    timeWindowMs: MINUTE_MS,
  },
];

// After the route's own hooks, so the merchant is known: counts stay per merchant.
const keyOf = (request: FastifyRequest): string =>
  `${request.merchant?.id ?? '-'}:${request.clientIp}`;

/**
 * One request limiter for the routes above (@fastify/rate-limit, decision 014): Redis when
 * REDIS_URL is set, so every node counts together, memory otherwise. A refusal is the usual
 * RATE_LIMITED envelope with `retryAfterSeconds` and Retry-After (the error handler's).
 * Registered before the modules: it reads each route's limit as the route is added.
 */
export const rateLimitPlugin = fp(
  async (app) => {
    const limits = new Map(
      limitsOf(app.config).map((limit) => [
        `${limit.endpoint.method} ${limit.endpoint.path}`,
        limit,
      ]),
    );
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        const limit = limits.get(`${method} ${route.url}`);
        if (limit)
          route.config = {
            ...route.config,
            rateLimit: { max: limit.max, timeWindow: limit.timeWindowMs },
          };
      }
    });
    await app.register(fastifyRateLimit, {
      global: false,
      keyGenerator: keyOf,
      ...(app.redis ? { redis: app.redis, nameSpace: `${REDIS_KEY_PREFIX}rate-limit:` } : {}),
      addHeaders: {
        'x-ratelimit-limit': false,
        'x-ratelimit-remaining': false,
        'x-ratelimit-reset': false,
        'retry-after': false,
      },
      addHeadersOnExceeding: {
        'x-ratelimit-limit': false,
        'x-ratelimit-remaining': false,
        'x-ratelimit-reset': false,
      },
      errorResponseBuilder: (_request, context) =>
        new AppError('RATE_LIMITED', {
          details: { retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)) },
        }),
    });
  },
  { name: 'rate-limit', dependencies: ['redis', 'client-ip'] },
);
