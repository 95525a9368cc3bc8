/**
 * Error codes of wallet transfers, member transfers and the operator's balance actions
 * (issue 4 items 3, 7, 9 and 10), with their HTTP status. `errors.ts` spreads them into the
 * one code table.
 */
export const TRANSFER_ERROR_STATUS = {
  /** The merchant runs a single wallet (isSingle): games use the main wallet, nothing to move. */
  WALLET_TRANSFER_UNAVAILABLE: 409,
  /** No such vendor wallet: the vendor is not offered by this merchant. */
  VENDOR_WALLET_NOT_FOUND: 404,
  /** Transfer to upline: the member has no upline. */
  NO_UPLINE: 409,
  /**
   * Transfer to a downline: nobody of that name in the agent's own subtree (unknown, another
   * merchant's, outside the subtree, or not a real account; one answer for all, so the code
   * reveals nothing about accounts outside the subtree).
   */
  RECIPIENT_NOT_FOUND: 404,
  /** A transfer to oneself. */
  TRANSFER_TO_SELF: 400,
} as const;
