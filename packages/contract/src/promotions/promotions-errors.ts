/**
 * Error codes of promotions (issue 24), with their HTTP status. `errors.ts` spreads them into
 * the one code table.
 */
export const PROMOTIONS_ERROR_STATUS = {
  /** No such activity at this merchant (another merchant's id looks the same). */
  PROMOTION_NOT_FOUND: 404,
  /** The activity is paused, has not started or has ended. */
  PROMOTION_CLOSED: 409,
  /** The activity's audience (new members, an agent's team) does not include the caller. */
  PROMOTION_NOT_FOR_YOU: 403,
  /**
   * Nothing to claim: the activity pays no deposit bonus, or the member has no deposit it pays
   * for (none during the activity, or below the minimum of its bonus rule).
   */
  BONUS_NOT_ELIGIBLE: 409,
  /** The caller already has this activity's bonus (for this deposit). */
  PROMOTION_ALREADY_CLAIMED: 409,
  /** The activity has paid all it may: its total or its number of receivers is reached. */
  PROMOTION_BUDGET_SPENT: 409,
  /**
   * A withdrawal while a bonus still has wagering to do under a rule that does not forfeit it
   * (the member's bonuses show which and how much is left).
   */
  BONUS_WAGERING_OPEN: 409,
  /**
   * A bet above the largest bet an open bonus of the player allows (its rule's maxBetMinor):
   * refused when the bet is placed, never voided later.
   */
  BONUS_MAX_BET_EXCEEDED: 409,
  /** A contest's prize claimed before its board is decided (after the end, by the job). */
  CONTEST_NOT_DECIDED: 409,
  /** An operator decided an application that another decision already closed. */
  APPLICATION_DECIDED: 409,
} as const;
