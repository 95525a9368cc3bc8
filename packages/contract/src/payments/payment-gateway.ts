import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { PositiveMinorUnitsSchema } from '../money.ts';

/**
 * The generic HMAC gateway protocol Lanna speaks (issue 4 item 5). Every message carries a
 * `signature`: lowercase hex HMAC-SHA256, under the secret Lanna and the gateway share, of the
 * message's other fields as `key=value` pairs sorted by key and joined with `&` (see
 * `signedText`). Amounts are integer minor units.
 */
export const signedText = (fields: Readonly<Record<string, string>>): string =>
  Object.keys(fields)
    .filter((key) => key !== 'signature')
    .sort()
    .map((key) => `${key}=${fields[key] ?? ''}`)
    .join('&');

const SignatureSchema = z.string().regex(/^[0-9a-f]{64}$/, 'hex HMAC-SHA256');
const IdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** What the gateway tells Lanna when a payment is settled: paid, or failed for good. */
export const GatewayCallbackSchema = z
  .object({
    gatewayMerchantId: IdSchema,
    orderId: IdSchema,
    paymentId: IdSchema,
    amountMinor: PositiveMinorUnitsSchema,
    currency: z.string().regex(/^[A-Z]{3}$/),
    status: z.enum(['paid', 'failed']),
    timestamp: z.string().regex(/^[0-9]{10,13}$/, 'Unix time'),
    signature: SignatureSchema,
  })
  .strict();
export type GatewayCallback = z.infer<typeof GatewayCallbackSchema>;

/**
 * The gateway's notification of a settled payment. The signature is checked first (401, nothing
 * moves); a known order whose amount matches is credited once, however often the gateway
 * repeats the call.
 */
export const receiveGatewayCallback = defineEndpoint({
  method: 'POST',
  path: '/wps/payments/gateway/callback',
  summary: 'Payment gateway notification of a settled payment (HMAC-signed; idempotent)',
  tag: 'payments',
  auth: 'public',
  body: GatewayCallbackSchema,
  value: z.object({ orderId: z.string(), status: z.enum(['approved', 'failed']) }),
  errors: [
    'MERCHANT_NOT_FOUND',
    'VALIDATION_FAILED',
    'MALFORMED_BODY',
    'PAYMENT_SIGNATURE_INVALID',
    'PAYMENT_ORDER_UNKNOWN',
    'PAYMENT_AMOUNT_MISMATCH',
    'DEPOSIT_ALREADY_DECIDED',
  ],
});

/** Lanna's request to open a payment (POST <gateway>/payments), signed like the callback. */
export const GatewayPaymentRequestSchema = z
  .object({
    gatewayMerchantId: IdSchema,
    orderId: IdSchema,
    amountMinor: PositiveMinorUnitsSchema,
    currency: z.string().regex(/^[A-Z]{3}$/),
    method: z.string().regex(/^[a-z0-9_]{2,32}$/),
    notifyUrl: z.url({ protocol: /^https?$/ }),
    returnUrl: z.url({ protocol: /^https?$/ }),
    timestamp: z.string().regex(/^[0-9]{10,13}$/),
    signature: SignatureSchema,
  })
  .strict();
export type GatewayPaymentRequest = z.infer<typeof GatewayPaymentRequestSchema>;

/** The gateway's answer: its payment id and where to send the payer, signed. */
export const GatewayPaymentResponseSchema = z.object({
  gatewayMerchantId: IdSchema,
  orderId: IdSchema,
  paymentId: IdSchema,
  checkoutUrl: z.url({ protocol: /^https?$/ }),
  timestamp: z.string().regex(/^[0-9]{10,13}$/),
  signature: SignatureSchema,
});
export type GatewayPaymentResponse = z.infer<typeof GatewayPaymentResponseSchema>;
