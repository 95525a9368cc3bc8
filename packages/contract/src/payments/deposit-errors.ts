/**
 * Error codes of deposits and the payment gateway (issue 4 item 5), with their HTTP status.
 * `errors.ts` spreads them into the one code table.
 */
export const DEPOSIT_ERROR_STATUS = {
  /** The channel does not exist at this merchant, is switched off, or its gateway is not configured. */
  DEPOSIT_CHANNEL_NOT_FOUND: 404,
  /** The amount is below the channel's minimum or above its maximum per deposit. */
  DEPOSIT_AMOUNT_OUT_OF_RANGE: 400,
  /** A bank transfer needs the name of the account that paid. */
  DEPOSIT_PAYER_NAME_REQUIRED: 400,
  /** No such deposit at this merchant (or it is another member's). */
  DEPOSIT_NOT_FOUND: 404,
  /** The deposit was already approved, rejected or failed: it cannot be decided otherwise. */
  DEPOSIT_ALREADY_DECIDED: 409,
  /** The payment gateway refused the payment or could not be reached; nothing was recorded. */
  PAYMENT_GATEWAY_UNAVAILABLE: 502,
  /** A gateway callback whose signature does not match: nothing moved. */
  PAYMENT_SIGNATURE_INVALID: 401,
  /** A gateway callback for an order this merchant never created. */
  PAYMENT_ORDER_UNKNOWN: 404,
  /** A gateway callback whose amount or currency differs from the order's: nothing moved. */
  PAYMENT_AMOUNT_MISMATCH: 400,
} as const;
