import type { GameCategory } from '@lanna/contract';

/** Home sections show 6 vendors; ELOTT, LOTT and COCKFIGHT are cut to 5 (spec section 9). */
export const HOME_VENDOR_LIMIT = 6;
const SHORT_ON_HOME: readonly GameCategory[] = ['ELOTT', 'LOTT', 'COCKFIGHT'];
const SHORT_LIMIT = 5;

export const homeVendorLimit = (category: GameCategory): number =>
  SHORT_ON_HOME.includes(category) ? SHORT_LIMIT : HOME_VENDOR_LIMIT;
