/**
 * Error codes of the ledger and the wallets (issue 4), with their HTTP status. `errors.ts`
 * spreads them into the one code table.
 */
export const WALLET_ERROR_STATUS = {
  /** The wallet holds less than the movement takes; nothing moved. */
  INSUFFICIENT_BALANCE: 409,
  /** The account is frozen by an operator: it may still receive, but pays nothing. */
  ACCOUNT_FROZEN: 403,
  /**
   * The idempotency key was already used for a different request (IETF idempotency-key header
   * draft: 422). The same request again returns the first result instead.
   */
  IDEMPOTENCY_KEY_REUSED: 422,
  /**
   * A transfer whose entries do not sum to zero. Never the member's doing (no route lets a
   * caller name entries): a broken invariant in the server, refused before anything is written.
   */
  TRANSFER_UNBALANCED: 500,
  /**
   * Any other broken rule of a transfer's shape: fewer than two entries, a zero or oversized
   * amount, one account twice, an unknown account or one of another merchant. Also a bug.
   */
  TRANSFER_INVALID: 500,
} as const;
