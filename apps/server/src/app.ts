import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Env } from './config/env.ts';
import type { Db } from './db/client.ts';
import { authRoutes, codesRoutes, socialLoginRoutes } from './modules/auth/index.ts';
import { chatRoutes } from './modules/chat/index.ts';
import {
  agentsJobs,
  agentsRoutes,
  contractsRoutes,
  freezeRequestsRoutes,
} from './modules/agents/index.ts';
import { promotionsJobs, promotionsRoutes } from './modules/promotions/index.ts';
import { bettingRoutes } from './modules/betting/index.ts';
import { contentRoutes } from './modules/content/index.ts';
import { gameLaunchRoutes, gamesOpsRoutes, gamesRoutes } from './modules/games/index.ts';
import { liveRoutes } from './modules/live/index.ts';
import { messagesRoutes } from './modules/messages/index.ts';
import { opsRoutes } from './modules/ops/index.ts';
import { paymentsRoutes, verifyPaymentPassword } from './modules/payments/index.ts';
import { realtimeRoutes } from './modules/realtime/index.ts';
import { reconciliationJobs, reconciliationRoutes } from './modules/reconciliation/index.ts';
import { findMerchantByCode, systemRoutes } from './modules/system/index.ts';
import { issueVendorSession, vendorWalletRoutes } from './modules/vendor-wallet/index.ts';
import {
  memberTransferRoutes,
  payTrialPlayMoney,
  walletOpsRoutes,
  walletRoutes,
  walletTransferRoutes,
} from './modules/wallet/index.ts';
import { schedulerPlugin } from './jobs/scheduler.ts';
import { clientIpPlugin } from './plugins/client-ip.ts';
import { dbPlugin } from './plugins/db.ts';
import {
  handleFrameworkError,
  registerErrorHandler,
  sendMethodNotAllowed,
  sendRouteNotFound,
} from './plugins/error-handler.ts';
import { eventsPlugin } from './plugins/events.ts';
import { languagePlugin } from './plugins/language.ts';
import { merchantPlugin } from './plugins/merchant.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { payloadCryptoPlugin } from './plugins/payload-crypto.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { redisPlugin } from './plugins/redis.ts';
import { providersPlugin } from './providers/index.ts';
import { paymentGatewayPlugin } from './providers/payment-gateway/index.ts';
import { securityPlugin } from './plugins/security.ts';
import { sessionPlugin } from './plugins/session.ts';
import { trackRouteMethods } from './plugins/route-methods.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { ZOD_COMPILERS } from './plugins/zod-compilers.ts';
import { openIdPlugin } from './providers/openid/index.ts';
import { systemClock, type Clock } from './shared/clock.ts';

export type AppOptions = {
  env: Env;
  db: Db;
  clock?: Clock;
  /** Where captcha texts come from (tests give a known one); the CSPRNG by default. */
  captchaText?: () => string;
};

const BODY_LIMIT_BYTES = 1_048_576;

/** Below this a compressed body saves less than its headers and the work cost. */
const COMPRESS_MIN_BYTES = 1024;
/** Up to this an answer is compressed at once and sent with its length; larger ones stream. */
const COMPRESS_SYNC_MAX_BYTES = 65_536;

/** Fastify's own hop count fails closed, so hops are counted here (see TRUST_PROXY in env.ts). */
const trustProxyOf = (
  setting: Env['TRUST_PROXY'],
): boolean | string[] | ((address: string, hop: number) => boolean) =>
  typeof setting === 'number' ? (_address, hop) => hop < setting : setting;

const createInstance = (env: Env): FastifyInstance =>
  Fastify({
    logger: {
      level: env.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    genReqId: () => randomUUID(),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    bodyLimit: BODY_LIMIT_BYTES,
    frameworkErrors: handleFrameworkError,
    schemaController: { compilersFactory: ZOD_COMPILERS },
  });

/**
 * Builds the server: cross-cutting plugins, then the domain modules, then the page fallback.
 * The error handler is set first because Fastify gives each module the handler in place when
 * the module is registered. Nothing here listens or touches the process (main.ts does).
 */
export const buildApp = async ({
  env,
  db,
  clock = systemClock,
  captchaText,
}: AppOptions): Promise<FastifyInstance> => {
  const app = createInstance(env);
  // JSON is the only body the API reads; text/plain would also open the door to form-based CSRF.
  app.removeContentTypeParser('text/plain');
  app.decorate('config', env);
  app.decorate('clock', clock);
  registerErrorHandler(app);
  const routeMethods = trackRouteMethods(app);

  await app.register(securityPlugin);
  // Large answers (games pages) go compressed; request bodies are read as sent, so a vendor's
  // signature is checked over the bytes it signed.
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_MIN_BYTES,
    syncThreshold: COMPRESS_SYNC_MAX_BYTES,
    globalDecompression: false,
  });
  await app.register(dbPlugin, { db });
  await app.register(eventsPlugin);
  await app.register(clientIpPlugin, { env });
  await app.register(languagePlugin);
  await app.register(merchantPlugin, { fallbackCode: env.DEV_MERCHANT });
  await app.register(sessionPlugin);
  await app.register(redisPlugin);
  await app.register(rateLimitPlugin);
  await app.register(payloadCryptoPlugin);
  await app.register(openApiPlugin);
  await app.register(providersPlugin);
  await app.register(paymentGatewayPlugin);
  await app.register(openIdPlugin);

  await app.register(systemRoutes);
  await app.register(gamesRoutes);
  await app.register(contentRoutes, { findMerchantByCode });
  await app.register(opsRoutes);
  await app.register(authRoutes, {
    payTrialPlayMoney,
    ...(captchaText ? { captchaText } : {}),
  });
  await app.register(codesRoutes);
  await app.register(vendorWalletRoutes);
  await app.register(gameLaunchRoutes, { issueVendorSession });
  await app.register(bettingRoutes);
  await app.register(gamesOpsRoutes);
  await app.register(socialLoginRoutes);
  await app.register(walletRoutes);
  await app.register(paymentsRoutes);
  await app.register(walletTransferRoutes);
  await app.register(memberTransferRoutes, { verifyPaymentPassword });
  await app.register(agentsRoutes);
  await app.register(contractsRoutes);
  await app.register(freezeRequestsRoutes);
  await app.register(promotionsRoutes);
  await app.register(walletOpsRoutes);
  await app.register(reconciliationRoutes);
  await app.register(messagesRoutes);
  await app.register(liveRoutes);
  await app.register(chatRoutes);
  await app.register(realtimeRoutes);
  await app.register(schedulerPlugin, {
    jobsOf: (instance) => [
      ...reconciliationJobs(instance),
      ...agentsJobs(instance),
      ...promotionsJobs(instance),
    ],
  });

  const web = env.SERVE_WEB ? await registerWebApp(app, env.WEB_DIST_DIR) : null;
  app.setNotFoundHandler(async (request, reply) => {
    if (web?.wants(request)) return web.sendIndex(request, reply);
    const allowed = routeMethods.allowedFor(request.url);
    if (allowed.length > 0) return sendMethodNotAllowed(request, reply, allowed);
    return sendRouteNotFound(request, reply);
  });
  return app;
};
