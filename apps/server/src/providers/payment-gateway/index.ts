import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createHmacGateway } from './hmac-gateway.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { mountSandboxGateway, SANDBOX_GATEWAY_PREFIX } from './sandbox-gateway.ts';

export {
  PaymentGatewayError,
  type OpenedPayment,
  type PaymentGateway,
  type PaymentOrder,
  type VerifiedCallback,
} from './payment-gateway.ts';
export { SANDBOX_GATEWAY_PREFIX } from './sandbox-gateway.ts';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** The payment gateway PAYMENT_GATEWAY selects, or null (`none`: bank transfer only). */
    paymentGateway: PaymentGateway | null;
  }
}

const SANDBOX_MERCHANT_ID = 'lanna-sandbox';
const CALLBACK_TIMEOUT_MS = 10_000;

/** The real adapter, configured by PAYMENT_GATEWAY_URL, _MERCHANT_ID and _SECRET (env.ts checks them). */
const hmacGateway = (app: FastifyInstance): PaymentGateway => {
  const { PAYMENT_GATEWAY_URL, PAYMENT_GATEWAY_MERCHANT_ID, PAYMENT_GATEWAY_SECRET } = app.config;
  if (!PAYMENT_GATEWAY_URL || !PAYMENT_GATEWAY_MERCHANT_ID || !PAYMENT_GATEWAY_SECRET)
    throw new Error('PAYMENT_GATEWAY=hmac needs its URL, merchant id and secret');
  const base = PAYMENT_GATEWAY_URL.replace(/\/+$/, '');
  return createHmacGateway({
    name: 'hmac',
    baseUrlFor: () => base,
    merchantId: PAYMENT_GATEWAY_MERCHANT_ID,
    secret: PAYMENT_GATEWAY_SECRET,
    clock: app.clock,
  });
};

/**
 * The sandbox: this server plays the gateway at /sandbox-gateway, and the same adapter as a
 * real gateway talks to it over HTTP on the site's own origin. Its secret is made per process
 * unless PAYMENT_GATEWAY_SECRET gives one: both sides live in this process.
 */
const sandboxGateway = async (app: FastifyInstance): Promise<PaymentGateway> => {
  const secret = app.config.PAYMENT_GATEWAY_SECRET ?? randomBytes(32).toString('base64url');
  await mountSandboxGateway(app, {
    db: app.db,
    clock: app.clock,
    merchantId: SANDBOX_MERCHANT_ID,
    secret,
    callbackTimeoutMs: CALLBACK_TIMEOUT_MS,
  });
  return createHmacGateway({
    name: 'sandbox',
    baseUrlFor: (siteOrigin) => `${siteOrigin}${SANDBOX_GATEWAY_PREFIX}`,
    merchantId: SANDBOX_MERCHANT_ID,
    secret,
    clock: app.clock,
  });
};

/** Decorates the instance with the configured payment gateway (issue 4 item 5). */
export const paymentGatewayPlugin = fp(
  async (app) => {
    const choice = app.config.PAYMENT_GATEWAY ?? 'none';
    const gateway =
      choice === 'hmac'
        ? hmacGateway(app)
        : choice === 'sandbox'
          ? await sandboxGateway(app)
          : null;
    app.decorate('paymentGateway', gateway);
  },
  { name: 'payment-gateway', dependencies: ['db'] },
);
