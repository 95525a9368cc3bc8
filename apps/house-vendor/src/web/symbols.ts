import type { ScratchPrize } from '../games/scratch.ts';
import type { SlotSymbol } from '../games/slot.ts';

/*
 * The games' pictures, drawn as inline SVG (no image files, no words on the reels). Each
 * picture is one element with role img and an accessible name, so a screen reader reads the
 * reels, the paytable and the card as the eye does. The same strings serve the server's
 * page (the paytable) and the browser (reels, dice, card). No ids inside: a picture repeats
 * many times on a page, and ids would collide.
 */

const svg = (label: string, body: string, className = 'sym') =>
  `<svg class="${className}" role="img" aria-label="${label}" viewBox="0 0 64 64" focusable="false">${body}</svg>`;

/** What each slot symbol is called when read aloud. */
export const SLOT_SYMBOL_NAMES: Record<SlotSymbol, string> = {
  SEVEN: 'Seven',
  BELL: 'Bell',
  PLUM: 'Plum',
  ORANGE: 'Orange',
  LEMON: 'Lemon',
  CHERRY: 'Cherry',
  STAR: 'Star',
};

const SLOT_ART: Record<SlotSymbol, string> = {
  SEVEN:
    '<path d="M13 10h38v9L32 56H19l18-34H13z" fill="#e63946" stroke="#7d0f17" stroke-width="3" stroke-linejoin="round"/>' +
    '<path d="M17 13h30" stroke="#ffb3b9" stroke-width="3" stroke-linecap="round"/>',
  BELL:
    '<path d="M32 7c-12 0-18 10-18 22v11l-6 9h48l-6-9V29C50 17 44 7 32 7z" fill="#f4c430" stroke="#8a6508" stroke-width="3" stroke-linejoin="round"/>' +
    '<circle cx="32" cy="54" r="5" fill="#c98f0a" stroke="#8a6508" stroke-width="2"/>' +
    '<path d="M22 27c0-7 4-12 9-13" stroke="#fff3c4" stroke-width="3" fill="none" stroke-linecap="round"/>',
  PLUM:
    '<path d="M33 14c5-7 12-8 17-6-3 6-9 9-17 6z" fill="#4caf50" stroke="#1f6b24" stroke-width="2"/>' +
    '<ellipse cx="31" cy="38" rx="19" ry="20" fill="#7b3fa0" stroke="#3d1556" stroke-width="3"/>' +
    '<path d="M31 19c-3 6-3 30 0 38" stroke="#5a2778" stroke-width="2" fill="none"/>' +
    '<ellipse cx="22" cy="31" rx="4" ry="7" fill="#b98ad6"/>',
  ORANGE:
    '<circle cx="32" cy="36" r="21" fill="#f7941d" stroke="#9a4d00" stroke-width="3"/>' +
    '<path d="M32 15c2-5 8-8 14-7-2 6-8 9-14 7z" fill="#4caf50" stroke="#1f6b24" stroke-width="2"/>' +
    '<circle cx="24" cy="28" r="5" fill="#ffc77a"/>' +
    '<g fill="#c96a00"><circle cx="38" cy="42" r="1.5"/><circle cx="30" cy="46" r="1.5"/><circle cx="42" cy="33" r="1.5"/></g>',
  LEMON:
    '<path d="M6 34c3-2 4-5 7-8 8-9 30-9 38 0 3 3 4 6 7 8-3 2-4 5-7 8-8 9-30 9-38 0-3-3-4-6-7-8z" fill="#fde047" stroke="#8a7500" stroke-width="3" stroke-linejoin="round"/>' +
    '<path d="M18 28c5-5 15-6 22-4" stroke="#fff9c4" stroke-width="3" fill="none" stroke-linecap="round"/>',
  CHERRY:
    '<path d="M22 40C26 26 34 14 46 8M42 42C42 28 44 18 46 8" stroke="#2e7d32" stroke-width="3" fill="none" stroke-linecap="round"/>' +
    '<path d="M46 8c6 0 10 4 11 9-6 1-10-3-11-9z" fill="#4caf50" stroke="#1f6b24" stroke-width="1.5"/>' +
    '<circle cx="20" cy="46" r="11" fill="#d62839" stroke="#6d0b16" stroke-width="3"/>' +
    '<circle cx="43" cy="47" r="11" fill="#d62839" stroke="#6d0b16" stroke-width="3"/>' +
    '<circle cx="16" cy="42" r="3" fill="#ff9aa5"/><circle cx="39" cy="43" r="3" fill="#ff9aa5"/>',
  STAR:
    '<path d="M32 5l8 17 19 2-14 13 4 19-17-10-17 10 4-19L5 24l19-2z" fill="#ffd23f" stroke="#a66f00" stroke-width="3" stroke-linejoin="round"/>' +
    '<path d="M32 15l4 10 10 1" stroke="#fff6cc" stroke-width="3" fill="none" stroke-linecap="round"/>',
};

export const slotSymbolSvg = (symbol: SlotSymbol): string =>
  svg(SLOT_SYMBOL_NAMES[symbol], SLOT_ART[symbol]);

/** The card's prizes: coins for the small ones, a gem and a crown for the big ones. */
const SCRATCH_ART: Record<ScratchPrize, { name: string; body: string }> = {
  1: {
    name: 'Copper coin',
    body: '<circle cx="32" cy="32" r="24" fill="#c26a3a" stroke="#6b3114" stroke-width="3"/><circle cx="32" cy="32" r="16" fill="none" stroke="#f0a878" stroke-width="3"/>',
  },
  2: {
    name: 'Silver coin',
    body: '<circle cx="32" cy="32" r="24" fill="#c7ccd6" stroke="#5b6270" stroke-width="3"/><circle cx="32" cy="32" r="16" fill="none" stroke="#ffffff" stroke-width="3"/>',
  },
  5: {
    name: 'Gold coin',
    body: '<circle cx="32" cy="32" r="24" fill="#f4c430" stroke="#8a6508" stroke-width="3"/><path d="M32 18l4 9 10 1-7 7 2 10-9-5-9 5 2-10-7-7 10-1z" fill="#fff0b3"/>',
  },
  10: {
    name: 'Pile of gold coins',
    body: '<g stroke="#8a6508" stroke-width="2.5" fill="#f4c430"><ellipse cx="32" cy="50" rx="20" ry="6"/><ellipse cx="32" cy="42" rx="20" ry="6"/><ellipse cx="32" cy="34" rx="20" ry="6"/><ellipse cx="32" cy="26" rx="20" ry="6"/><ellipse cx="32" cy="18" rx="20" ry="6"/></g><ellipse cx="26" cy="17" rx="6" ry="2" fill="#fff0b3"/>',
  },
  50: {
    name: 'Diamond',
    body: '<path d="M18 10h28l12 16-26 32L6 26z" fill="#5fd4f4" stroke="#0b6a88" stroke-width="3" stroke-linejoin="round"/><path d="M6 26h52M24 10l-6 16 14 32 14-32-6-16" stroke="#0b6a88" stroke-width="2" fill="none"/><path d="M20 24l4-10" stroke="#e6fbff" stroke-width="3" stroke-linecap="round"/>',
  },
  100: {
    name: 'Crown',
    body: '<path d="M8 48L5 18l15 12 12-20 12 20 15-12-3 30z" fill="#ffd23f" stroke="#a66f00" stroke-width="3" stroke-linejoin="round"/><rect x="8" y="48" width="48" height="8" rx="2" fill="#e0a800" stroke="#a66f00" stroke-width="3"/><circle cx="32" cy="36" r="4" fill="#e63946"/><circle cx="19" cy="40" r="3" fill="#3a86ff"/><circle cx="45" cy="40" r="3" fill="#3a86ff"/>',
  },
};

export const scratchPrizeName = (prize: ScratchPrize): string =>
  `${SCRATCH_ART[prize].name}, ${prize} times the stake`;

export const scratchPrizeSvg = (prize: ScratchPrize): string =>
  svg(scratchPrizeName(prize), SCRATCH_ART[prize].body);

/** A die's face, for the dice game's title and its waiting stage: decoration, hidden from readers. */
export const dieFaceSvg = (pips: 1 | 2 | 3 | 4 | 5 | 6): string => {
  const spots: Record<number, [number, number][]> = {
    1: [[32, 32]],
    2: [
      [20, 20],
      [44, 44],
    ],
    3: [
      [18, 18],
      [32, 32],
      [46, 46],
    ],
    4: [
      [20, 20],
      [44, 20],
      [20, 44],
      [44, 44],
    ],
    5: [
      [19, 19],
      [45, 19],
      [32, 32],
      [19, 45],
      [45, 45],
    ],
    6: [
      [20, 17],
      [44, 17],
      [20, 32],
      [44, 32],
      [20, 47],
      [44, 47],
    ],
  };
  const dots = (spots[pips] ?? [])
    .map(([cx, cy]) => `<circle cx="${cx}" cy="${cy}" r="5.5" fill="#1b1f3b"/>`)
    .join('');
  return `<svg class="die" aria-hidden="true" viewBox="0 0 64 64" focusable="false"><rect x="5" y="5" width="54" height="54" rx="12" fill="#fdfdf8" stroke="#b8b39c" stroke-width="3"/>${dots}</svg>`;
};

/**
 * The dice result as a gauge from 0 to 100: the winning part (under the target) green, the
 * rest red, a marker at the roll. Named as a sentence, since the picture is the result.
 */
export const diceGaugeSvg = (roll: number | null, target: number): string => {
  const x = (value: number) => 8 + (value / 100) * 624;
  const marker =
    roll === null
      ? ''
      : `<g transform="translate(${x(roll / 100).toFixed(1)} 0)"><path d="M-12 6h24l-12 18z" fill="#ffffff" stroke="#1b1f3b" stroke-width="2"/><rect x="-3" y="22" width="6" height="46" rx="2" fill="#ffffff" stroke="#1b1f3b" stroke-width="1.5"/></g>`;
  const label =
    roll === null
      ? `Roll under ${target} to win`
      : `Rolled ${(roll / 100).toFixed(2)}, ${roll < target * 100 ? 'under' : 'not under'} ${target}`;
  return `<svg class="gauge" role="img" aria-label="${label}" viewBox="0 0 640 90" preserveAspectRatio="none" focusable="false"><rect x="8" y="30" width="${(x(target) - 8).toFixed(1)}" height="28" rx="6" fill="#2fbf71"/><rect x="${x(target).toFixed(1)}" y="30" width="${(632 - x(target)).toFixed(1)}" height="28" rx="6" fill="#e5484d"/><rect x="${(x(target) - 2).toFixed(1)}" y="24" width="4" height="40" fill="#ffd23f"/>${marker}</svg>`;
};

/** A speaker, crossed out when the sound is off: the sound toggle's picture. */
export const speakerSvg = (on: boolean): string =>
  `<svg class="icon" aria-hidden="true" viewBox="0 0 24 24" focusable="false"><path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor"/>${
    on
      ? '<path d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" stroke="currentColor" stroke-width="2" fill="none" stroke-linecap="round"/>'
      : '<path d="M16 9l6 6M22 9l-6 6" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>'
  }</svg>`;

/** A left arrow: the back-to-lobby link's picture, beside its text. */
export const backArrowSvg = (): string =>
  '<svg class="icon" aria-hidden="true" viewBox="0 0 24 24" focusable="false"><path d="M15 5l-7 7 7 7" stroke="currentColor" stroke-width="2.5" fill="none" stroke-linecap="round" stroke-linejoin="round"/></svg>';
