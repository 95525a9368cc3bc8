import { randomBytes } from 'node:crypto';
import { GatewayPaymentRequestSchema, type GatewayPaymentResponse } from '@lanna/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../shared/clock.ts';
import { hasValidSignature, unixTimestamp, withSignature } from './gateway-signature.ts';
import { postJson } from './http-post.ts';
import { checkoutPage, notFoundPage } from './sandbox-gateway-page.ts';
import {
  findSandboxPayment,
  openSandboxPayment,
  settleSandboxPayment,
  type SandboxPayment,
} from './sandbox-gateway-store.ts';
import { originOf } from '../../shared/origin.ts';

/** Where this server serves the sandbox gateway (outside production only; env.ts). */
export const SANDBOX_GATEWAY_PREFIX = '/sandbox-gateway';

export type SandboxGatewaySettings = {
  db: Db;
  clock: Clock;
  merchantId: string;
  secret: string;
  callbackTimeoutMs: number;
};

// The sandbox stands in for somebody else's server: it is not part of Lanna's API document.
const HIDDEN = { schema: { hide: true } };

const PAYMENT_ID = /^sbx_[A-Za-z0-9_-]{16,60}$/;

type Decision = 'pay' | 'fail' | 'resend';

const parseForm = (_request: unknown, body: string, done: (e: Error | null, v?: unknown) => void) =>
  done(null, Object.fromEntries(new URLSearchParams(body)));

const html = (reply: FastifyReply, status: number, body: string) =>
  reply.code(status).type('text/html; charset=utf-8').send(body);

/** The signed callback of a settled payment, sent to the merchant over HTTP as a gateway does. */
const sendCallback = async (
  settings: SandboxGatewaySettings,
  payment: SandboxPayment,
): Promise<string | null> => {
  if (payment.status === 'pending') return 'the payment is not settled';
  const callback = withSignature(
    {
      gatewayMerchantId: payment.gateway_merchant_id,
      orderId: payment.order_id,
      paymentId: payment.id,
      amountMinor: payment.amount_minor,
      currency: payment.currency,
      status: payment.status,
      timestamp: unixTimestamp(settings.clock()),
    },
    settings.secret,
  );
  try {
    const answer = await postJson(payment.notify_url, callback, settings.callbackTimeoutMs);
    if (answer.status >= 200 && answer.status < 300) return null;
    return `The merchant answered the callback with ${answer.status}: ${answer.body.slice(0, 300)}`;
  } catch (error) {
    return `The merchant could not be reached: ${String(error)}`;
  }
};

/** POST /payments: a merchant opens a payment, signed with the shared secret. */
const openPayment =
  (settings: SandboxGatewaySettings) => async (request: FastifyRequest, reply: FastifyReply) => {
    const parsed = GatewayPaymentRequestSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: 'bad_request' });
    const order = parsed.data;
    if (
      order.gatewayMerchantId !== settings.merchantId ||
      !hasValidSignature(order, settings.secret)
    )
      return reply.code(401).send({ error: 'bad_signature' });
    const payment = await openSandboxPayment(
      settings.db,
      {
        id: `sbx_${randomBytes(18).toString('base64url')}`,
        gateway_merchant_id: order.gatewayMerchantId,
        order_id: order.orderId,
        amount_minor: order.amountMinor,
        currency: order.currency,
        method: order.method,
        notify_url: order.notifyUrl,
        return_url: order.returnUrl,
      },
      settings.clock(),
    );
    const answer: GatewayPaymentResponse = withSignature(
      {
        gatewayMerchantId: payment.gateway_merchant_id,
        orderId: payment.order_id,
        paymentId: payment.id,
        checkoutUrl: `${originOf(request)}${SANDBOX_GATEWAY_PREFIX}/checkout/${payment.id}`,
        timestamp: unixTimestamp(settings.clock()),
      },
      settings.secret,
    );
    return reply.send(answer);
  };

const paymentOf = async (settings: SandboxGatewaySettings, request: FastifyRequest) => {
  const { paymentId } = request.params as { paymentId: string };
  return PAYMENT_ID.test(paymentId) ? findSandboxPayment(settings.db, paymentId) : null;
};

/** POST /checkout/:id: the payer's choice, then the callback, then back to the merchant's site. */
const decide =
  (settings: SandboxGatewaySettings) => async (request: FastifyRequest, reply: FastifyReply) => {
    const found = await paymentOf(settings, request);
    if (!found) return html(reply, 404, notFoundPage());
    const decision = (request.body as { decision?: string } | undefined)?.decision as
      Decision | undefined;
    if (decision !== 'pay' && decision !== 'fail' && decision !== 'resend')
      return html(reply, 400, checkoutPage(found, 'Choose pay or fail.'));
    const payment =
      decision === 'resend'
        ? found
        : await settleSandboxPayment(
            settings.db,
            found.id,
            decision === 'pay' ? 'paid' : 'failed',
            settings.clock(),
          );
    if (!payment) return html(reply, 404, notFoundPage());
    const problem = await sendCallback(settings, payment);
    if (problem) return html(reply, 502, checkoutPage(payment, problem));
    return reply.redirect(payment.return_url, 303);
  };

/**
 * The local sandbox gateway (issue 4 item 5; style.md, offline by default): the generic HMAC
 * protocol's gateway side, served by this server, with a checkout page where one clicks pay or
 * fail. It keeps its own book and reaches Lanna only through the signed callback over HTTP, so
 * the real adapter, the callback route and their refusals are exercised end to end here.
 */
export const mountSandboxGateway = async (
  app: FastifyInstance,
  settings: SandboxGatewaySettings,
): Promise<void> => {
  await app.register((scope, _options, done) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      parseForm,
    );
    scope.post(`${SANDBOX_GATEWAY_PREFIX}/payments`, HIDDEN, openPayment(settings));
    scope.get(`${SANDBOX_GATEWAY_PREFIX}/checkout/:paymentId`, HIDDEN, async (request, reply) => {
      const payment = await paymentOf(settings, request);
      return payment ? html(reply, 200, checkoutPage(payment)) : html(reply, 404, notFoundPage());
    });
    scope.post(`${SANDBOX_GATEWAY_PREFIX}/checkout/:paymentId`, HIDDEN, decide(settings));
    done();
  });
};
