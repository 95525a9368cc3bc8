/**
 * Home sections (spec section 9): 12 games until 'load more', which shows only above 10 games
 * and only while some are still hidden; each press shows 12 more.
 */
export const HOME_GAME_STEP = 12;
const LOAD_MORE_ABOVE = 10;

export const shownGameCount = (total: number, presses: number): number =>
  Math.min(total, HOME_GAME_STEP * (presses + 1));

export const showsGameLoadMore = (total: number, shown: number): boolean =>
  total > LOAD_MORE_ABOVE && shown < total;
