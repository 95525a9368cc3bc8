/**
 * The games of the house vendor (apps/house-vendor, vendor code HOUSE): the platform's game
 * launch checks a code against this list and whether it offers free play; the vendor serves
 * exactly these.
 */
export const HOUSE_GAMES = [
  { code: 'lanna-slot', name: 'Lanna Fortune Reels', freeplay: true },
  { code: 'lanna-dice', name: 'Lanna Dice', freeplay: true },
  { code: 'lanna-scratch', name: 'Lanna Scratch Card', freeplay: true },
] as const;

export type HouseGameCode = (typeof HOUSE_GAMES)[number]['code'];
