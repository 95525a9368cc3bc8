/**
 * Error codes of withdrawals, payee accounts and the payment password (issue 4 item 6), with
 * their HTTP status. `errors.ts` spreads them into the one code table.
 */
export const WITHDRAWAL_ERROR_STATUS = {
  /** A withdrawal or a payee change needs a payment password, and none is set yet. */
  PAYMENT_PASSWORD_NOT_SET: 409,
  /** Setting the payment password for the first time, but one is set: change it instead. */
  PAYMENT_PASSWORD_ALREADY_SET: 409,
  /** The payment password is not the member's; value.retryAfterSeconds is absent. */
  PAYMENT_PASSWORD_WRONG: 403,
  /**
   * Too many wrong payment passwords: refused until value.retryAfterSeconds have passed. The
   * lock always ends; it is never a permanent lock-out.
   */
  PAYMENT_PASSWORD_LOCKED: 429,
  /** Setting the first payment password: the sign-in password given is not the member's. */
  LOGIN_PASSWORD_WRONG: 403,
  /** The member already has as many bank cards (or e-wallets) as the merchant allows. */
  PAYEE_ACCOUNT_LIMIT_REACHED: 409,
  /** The account name differs from the payee name on the member's profile. */
  PAYEE_NAME_MISMATCH: 422,
  /** This bank account or e-wallet is already bound to the member. */
  PAYEE_ACCOUNT_DUPLICATE: 409,
  /** No such payee account of the signed-in member (another member's id looks the same). */
  PAYEE_ACCOUNT_NOT_FOUND: 404,
  /** No such withdrawal of the signed-in member, or at this merchant for an operator. */
  WITHDRAWAL_NOT_FOUND: 404,
  /** Below the merchant's smallest withdrawal. */
  WITHDRAWAL_BELOW_MINIMUM: 422,
  /** Above the merchant's largest single withdrawal. */
  WITHDRAWAL_ABOVE_MAXIMUM: 422,
  /** The member has made as many withdrawals today (the merchant's day) as allowed. */
  WITHDRAWAL_DAILY_COUNT_REACHED: 409,
  /** This withdrawal would take today's total above the merchant's daily amount. */
  WITHDRAWAL_DAILY_AMOUNT_REACHED: 409,
  /** The bets since the last deposit have not reached the turnover requirement. */
  TURNOVER_NOT_MET: 409,
  /** An operator approved or rejected a withdrawal that another decision already closed. */
  WITHDRAWAL_ALREADY_REVIEWED: 409,
  /**
   * The withdrawal cannot be confirmed now: it is not paid yet, it was already confirmed
   * otherwise, or its confirmation time ran out (it then counts as received).
   */
  WITHDRAWAL_NOT_CONFIRMABLE: 409,
  /** 'Partly received': the amount remaining must be more than 0 and less than the amount. */
  WITHDRAWAL_REMAINING_OUT_OF_RANGE: 422,
  /** A proof image is not a PNG or JPEG by its content (whatever its name or declared type). */
  PROOF_IMAGE_INVALID: 415,
  /** No such dispute at this merchant. */
  WITHDRAWAL_DISPUTE_NOT_FOUND: 404,
  /** The dispute was already resolved. */
  WITHDRAWAL_DISPUTE_CLOSED: 409,
} as const;
