/**
 * Error codes of the game catalog, favourites and recent games (issue 5), with their HTTP
 * status. `errors.ts` spreads them into the one code table.
 */
export const GAMES_ERROR_STATUS = {
  /** No game with that nodeId (and vendor and type) among the merchant's enabled games. */
  GAME_NOT_FOUND: 404,
  /** The member already keeps the most favourites a list shows (spec section 9: 999). */
  FAVOURITES_FULL: 409,
} as const;
