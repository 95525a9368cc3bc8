import {
  GatewayCallbackSchema,
  GatewayPaymentResponseSchema,
  type GatewayPaymentRequest,
} from '@lanna/contract';
import type { Clock } from '../../shared/clock.ts';
import { hasValidSignature, unixTimestamp, withSignature } from './gateway-signature.ts';
import { postJson, type PostAnswer } from './http-post.ts';
import {
  PaymentGatewayError,
  type OpenedPayment,
  type PaymentGateway,
  type PaymentOrder,
  type VerifiedCallback,
} from './payment-gateway.ts';

export type HmacGatewaySettings = {
  name: PaymentGateway['name'];
  /** The gateway's API root for a payment asked from `siteOrigin`. */
  baseUrlFor: (siteOrigin: string) => string;
  merchantId: string;
  secret: string;
  clock: Clock;
  timeoutMs?: number;
  post?: (url: string, body: unknown, timeoutMs: number) => Promise<PostAnswer>;
};

const DEFAULT_TIMEOUT_MS = 10_000;

const parseAnswer = (answer: PostAnswer): unknown => {
  if (answer.status < 200 || answer.status >= 300)
    throw new PaymentGatewayError(`the gateway answered ${answer.status}`);
  try {
    return JSON.parse(answer.body) as unknown;
  } catch {
    throw new PaymentGatewayError('the gateway answered something other than JSON');
  }
};

/**
 * The adapter of the generic HMAC gateway protocol (contract payments/payment-gateway.ts): it
 * signs what it sends, and believes only what comes back signed with the shared secret for
 * this merchant and this order, so a forged or misrouted answer opens nothing.
 */
export const createHmacGateway = (settings: HmacGatewaySettings): PaymentGateway => {
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const post = settings.post ?? postJson;

  const openPayment = async (order: PaymentOrder): Promise<OpenedPayment> => {
    const request: GatewayPaymentRequest = withSignature(
      {
        gatewayMerchantId: settings.merchantId,
        orderId: order.orderId,
        amountMinor: order.amountMinor.toString(),
        currency: order.currency,
        method: order.method,
        notifyUrl: order.notifyUrl,
        returnUrl: order.returnUrl,
        timestamp: unixTimestamp(settings.clock()),
      },
      settings.secret,
    );
    const url = `${settings.baseUrlFor(order.siteOrigin)}/payments`;
    let answer: PostAnswer;
    try {
      answer = await post(url, request, timeoutMs);
    } catch (cause) {
      throw new PaymentGatewayError(`the gateway could not be reached: ${String(cause)}`);
    }
    const parsed = GatewayPaymentResponseSchema.safeParse(parseAnswer(answer));
    if (!parsed.success) throw new PaymentGatewayError('the gateway answered another shape');
    const payment = parsed.data;
    if (
      !hasValidSignature(payment, settings.secret) ||
      payment.gatewayMerchantId !== settings.merchantId ||
      payment.orderId !== order.orderId
    )
      throw new PaymentGatewayError('the gateway answer is not signed for this order');
    return { paymentId: payment.paymentId, checkoutUrl: payment.checkoutUrl };
  };

  const verifyCallback = (fields: Readonly<Record<string, string>>): VerifiedCallback | null => {
    const parsed = GatewayCallbackSchema.safeParse(fields);
    if (!parsed.success || !hasValidSignature(fields, settings.secret)) return null;
    const callback = parsed.data;
    if (callback.gatewayMerchantId !== settings.merchantId) return null;
    return {
      orderId: callback.orderId,
      paymentId: callback.paymentId,
      amountMinor: BigInt(callback.amountMinor),
      currency: callback.currency,
      status: callback.status,
    };
  };

  return { name: settings.name, openPayment, verifyCallback };
};
