/**
 * Error codes of the agent centre (issue 22), with their HTTP status. `errors.ts` spreads them
 * into the one code table.
 */
export const AGENTS_ERROR_STATUS = {
  /**
   * No such direct downline agent of the caller: unknown, a member, deeper in the team, or in
   * someone else's. The same answer for all, so a name reveals nothing of other teams.
   */
  DOWNLINE_NOT_FOUND: 404,
  /** No contract with that id on either side of the caller. */
  CONTRACT_NOT_FOUND: 404,
  /** A contract's rate above what the offering agent itself holds of that kind. */
  CONTRACT_RATE_ABOVE_UPLINE: 400,
  /** The downline already has an offer of that kind waiting for its answer. */
  CONTRACT_ALREADY_OFFERED: 409,
  /** The contract is no longer waiting for an answer, or is already over. */
  CONTRACT_NOT_PENDING: 409,
  /**
   * Accepting would leave contracts the caller gave its own downlines above its new rate: they
   * end when the caller confirms (spec section 4); the details list them.
   */
  CONTRACT_UNDERCUTS_DOWNLINES: 409,
  /** An account cannot move under a member of its own team. */
  AGENT_MOVE_INTO_OWN_TEAM: 409,
  /** An agent with a team stays an agent: move its team first. */
  AGENT_HAS_TEAM: 409,
  /**
   * No such member in the caller's team at any depth: unknown, or in someone else's. The same
   * answer for all, so a name reveals nothing of other teams.
   */
  TEAM_MEMBER_NOT_FOUND: 404,
  /** A freeze request for that member already waits for the operators. */
  FREEZE_ALREADY_REQUESTED: 409,
  /** The member is frozen already: there is nothing to ask. */
  MEMBER_ALREADY_FROZEN: 409,
  /** The freeze request was approved or rejected already. */
  FREEZE_REQUEST_DECIDED: 409,
} as const;
