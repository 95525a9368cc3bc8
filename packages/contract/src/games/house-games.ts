/**
 * The games of the house vendor (apps/house-vendor, vendor code HOUSE): the platform's game
 * launch checks a code against this list and whether it offers free play; the vendor serves
 * exactly these.
 */
export const HOUSE_GAME_CODES = ['lanna-slot', 'lanna-dice', 'lanna-scratch'] as const;
export type HouseGameCode = (typeof HOUSE_GAME_CODES)[number];

export type HouseGame = { code: HouseGameCode; name: string; freeplay: boolean };

export const HOUSE_GAMES: readonly HouseGame[] = [
  { code: 'lanna-slot', name: 'Lanna Fortune Reels', freeplay: true },
  { code: 'lanna-dice', name: 'Lanna Dice', freeplay: true },
  { code: 'lanna-scratch', name: 'Lanna Scratch Card', freeplay: true },
];
