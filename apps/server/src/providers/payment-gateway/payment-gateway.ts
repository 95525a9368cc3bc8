/** What Lanna asks a gateway to collect: one order of one deposit. */
export type PaymentOrder = {
  orderId: string;
  amountMinor: bigint;
  currency: string;
  /** The channel's payment method at the gateway (its provider key). */
  method: string;
  /** Where the gateway posts its signed callback. */
  notifyUrl: string;
  /** Where the gateway's checkout sends the payer back. */
  returnUrl: string;
  /** The site the member is on (scheme, host, port): the sandbox runs there. */
  siteOrigin: string;
};

export type OpenedPayment = { paymentId: string; checkoutUrl: string };

/** A callback whose signature checked out: the gateway's word on one order. */
export type VerifiedCallback = {
  orderId: string;
  paymentId: string;
  amountMinor: bigint;
  currency: string;
  status: 'paid' | 'failed';
};

/** The gateway refused to open a payment, answered nonsense, or could not be reached. */
export class PaymentGatewayError extends Error {
  override name = 'PaymentGatewayError';
}

/**
 * A payment gateway (issue 4 item 5), selected by PAYMENT_GATEWAY: `hmac` a real gateway of
 * the generic HMAC protocol, `sandbox` the same protocol served by this server on this machine.
 */
export type PaymentGateway = {
  readonly name: 'hmac' | 'sandbox';
  /** Opens a payment and answers where to send the payer; PaymentGatewayError when it cannot. */
  openPayment(order: PaymentOrder): Promise<OpenedPayment>;
  /** The callback's content when its signature and merchant are ours, else null. */
  verifyCallback(fields: Readonly<Record<string, string>>): VerifiedCallback | null;
};
