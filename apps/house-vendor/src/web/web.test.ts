import { describe, expect, it } from 'vitest';
import { SCRATCH_PRIZES } from '../games/scratch.ts';
import { SLOT_SYMBOLS } from '../games/slot.ts';
import { formatZonedTime, zoneOf } from './format.ts';
import { isSoundOn, rememberSound, SOUND_STORAGE_KEY } from './sound.ts';
import { diceGaugeSvg, scratchPrizeSvg, slotSymbolSvg } from './symbols.ts';

/** The game pages' own rules (issue 29): times in the merchant's zone, sound off until chosen, pictures with names. */
describe('round times', () => {
  it("show the merchant's clock and its offset", () => {
    expect(formatZonedTime('2026-11-28T12:05:03.120Z', zoneOf('Asia/Bangkok'))).toBe(
      '2026-11-28 19:05:03 (GMT+7)',
    );
    // The merchant's day, not the browser's: five to midnight UTC is the next morning in Bangkok.
    expect(formatZonedTime('2026-11-28T23:55:00Z', 'Asia/Bangkok')).toBe(
      '2026-11-29 06:55:00 (GMT+7)',
    );
  });

  it('fall back to UTC, named, when the launch gave no zone or one unknown', () => {
    expect(zoneOf(null)).toBe('UTC');
    expect(zoneOf('Nowhere/Else')).toBe('UTC');
    expect(formatZonedTime('2026-11-28T12:05:03Z', zoneOf(null))).toBe('2026-11-28 12:05:03 (GMT)');
  });
});

describe('sound', () => {
  const storage = () => {
    const values = new Map<string, string>();
    return {
      values,
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
    };
  };

  it('is off until the player turns it on, and the choice is remembered', () => {
    const store = storage();
    expect(isSoundOn(store)).toBe(false);
    rememberSound(store, true);
    expect(store.values.get(SOUND_STORAGE_KEY)).toBe('on');
    expect(isSoundOn(store)).toBe(true);
    rememberSound(store, false);
    expect(isSoundOn(store)).toBe(false);
  });
});

describe('pictures', () => {
  it('are one named image each, with no text inside', () => {
    const pictures = [
      ...SLOT_SYMBOLS.map(slotSymbolSvg),
      ...SCRATCH_PRIZES.map(scratchPrizeSvg),
      diceGaugeSvg(4217, 50),
    ];
    for (const picture of pictures) {
      expect(picture).toMatch(/^<svg class="[a-z]+" role="img" aria-label="[^"]+"/);
      expect(picture).not.toContain('<text');
      expect(picture).not.toContain(' id=');
    }
    expect(new Set(SLOT_SYMBOLS.map(slotSymbolSvg)).size).toBe(SLOT_SYMBOLS.length);
  });

  it('name the dice result as a sentence', () => {
    expect(diceGaugeSvg(4217, 50)).toContain('aria-label="Rolled 42.17, under 50"');
    expect(diceGaugeSvg(9999, 95)).toContain('aria-label="Rolled 99.99, not under 95"');
    expect(diceGaugeSvg(null, 30)).toContain('aria-label="Roll under 30 to win"');
  });
});
