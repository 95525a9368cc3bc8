/**
 * The member's favourite ids as the site keeps them (spec section 4, Favourites): adding is
 * skipped when the game is there already; removing takes it out of the local list at once,
 * before the server answers.
 */
export const withFavourite = (ids: readonly number[], nodeId: number): number[] | null =>
  ids.includes(nodeId) ? null : [nodeId, ...ids];

export const withoutFavourite = (ids: readonly number[], nodeId: number): number[] =>
  ids.filter((id) => id !== nodeId);
