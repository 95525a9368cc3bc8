/**
 * Error codes of the vendor wallet API (issue 4 item 4; /work/shared/reference/vendor-wallets.md),
 * with their HTTP status. Every refusal is a 4xx (503 for maintenance) with the error
 * envelope, and nothing moves. `errors.ts` spreads them into the one code table.
 */
export const VENDOR_WALLET_ERROR_STATUS = {
  /**
   * The request is not signed by an active secret of the named merchant and vendor: a missing
   * or malformed signature header, an unknown merchant or vendor, or a wrong signature. One
   * code for all, so a caller learns nothing about which vendors exist.
   */
  VENDOR_SIGNATURE_INVALID: 401,
  /** X-Timestamp is missing, malformed or outside the replay window: check the vendor's clock. */
  VENDOR_TIMESTAMP_INVALID: 401,
  /** The vendor's credential has an IP allowlist and the caller's address is not on it. */
  VENDOR_IP_FORBIDDEN: 403,
  /**
   * The player token is unknown, expired, or issued to another player, vendor or merchant.
   * Only balance and debit need a live token; credits and rollbacks never ask for one.
   */
  VENDOR_SESSION_INVALID: 401,
  /** The amounts are in another currency than the merchant's. */
  VENDOR_CURRENCY_MISMATCH: 400,
  /** A credit names a round this player never bet in (an unknown round). */
  VENDOR_ROUND_NOT_FOUND: 404,
  /** The round is settled or cancelled: it takes no new debit, credit or rollback. */
  VENDOR_ROUND_CLOSED: 409,
  /** A credit claims the platform's jackpot, which only the house vendor's games can win. */
  VENDOR_JACKPOT_NOT_OFFERED: 403,
  /** The round id belongs to another player or another game. */
  VENDOR_ROUND_CONFLICT: 409,
  /**
   * A rollback names a debit this wallet never took. The debit id is remembered as cancelled,
   * so the debit, should it arrive late, is refused (VENDOR_TRANSACTION_CANCELLED).
   */
  VENDOR_TRANSACTION_NOT_FOUND: 404,
  /** A debit whose transaction id a rollback cancelled before the debit arrived. */
  VENDOR_TRANSACTION_CANCELLED: 409,
  /**
   * The transaction id was already used for another movement (another kind, round, player or
   * amount). The same movement again answers its first result instead.
   */
  VENDOR_TRANSACTION_REUSED: 422,
} as const;
