/**
 * Error codes of the betting record and personal profit and loss (issue 5 item 7), with their
 * HTTP status. `errors.ts` spreads them into the one code table.
 */
export const BETTING_ERROR_STATUS = {
  /** The vendor filter names no vendor the merchant offers (in the chosen category, if any). */
  BETTING_UNKNOWN_VENDOR: 400,
} as const;
