import type { Language } from '@lanna/contract';
import type { onRequestHookHandler } from 'fastify';
import type { Env } from '../config/env.ts';
import type { Db } from '../db/client.ts';
import type {
  AccessSettingsCache,
  MerchantRef,
  MerchantResolver,
} from '../modules/system/index.ts';
import type { Clock } from '../shared/clock.ts';

// What the plugins add to Fastify's instance and request, in one place. Declaration merging
// is the one thing only an interface can do, hence the exception to `type` here.
declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    config: Env;
    clock: Clock;
    /** The database of this instance; its owner (main.ts or a test) opens and closes it. */
    db: Db;
    /** The merchant serving a host (with or without port), or null. */
    findMerchant: MerchantResolver;
    /** Each merchant's maintenance and region settings, cached briefly (see access-cache.ts). */
    accessSettings: AccessSettingsCache;
    /** The OpenAPI document that /docs/json serves (built on first use, see openapi.ts). */
    openApiDocument: () => Promise<unknown>;
    /** onRequest hook of every merchant-scoped route: sets `request.merchant` or refuses. */
    requireMerchant: onRequestHookHandler;
  }

  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    /** The client's address: the socket's, or the trusted proxy's X-Forwarded-For. */
    clientIp: string;
    /** ISO country from the trusted proxy's COUNTRY_HEADER; null when not configured or unknown. */
    countryCode: string | null;
    /** The language this client chose (the `lang` cookie), or null when it chose none. */
    language: Language | null;
    /** The merchant of this request on merchant-scoped routes (set by requireMerchant). */
    merchant: MerchantRef | null;
  }
}
