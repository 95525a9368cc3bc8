import { describe, expect, it } from 'vitest';
import { drawsFrom, roundBytes } from '../fair/draws.ts';
import { nodeHmac } from '../fair/seeds.ts';
import { checkBet, outcomeOf, winOf } from './catalog.ts';
import { diceWin } from './dice.ts';
import { drawScratch, SCRATCH_PRIZES, scratchRtpBasisPoints } from './scratch.ts';
import {
  evaluateSlot,
  LINE_COUNT,
  paytableFor,
  paytableReturn,
  REEL_LENGTH,
  REELS,
  rtpBasisPoints,
  runCombinations,
  SLOT_SYMBOLS,
} from './slot.ts';

const rules = { slotPaytable: paytableFor(9600), diceRtpBps: 9800 };

describe('slot paytable', () => {
  it.each([9000, 9400, 9600, 9700, 9800])(
    'matches a configured RTP of %i bp within 0.01 points',
    (target) => {
      expect(Math.abs(rtpBasisPoints(paytableFor(target)) - target)).toBeLessThanOrEqual(1);
    },
  );

  it('counts every stop combination exactly once per symbol and run length', () => {
    // Runs of 1 and 2 (no pay) plus 3, 4 and 5 of each symbol cover all 32^5 combinations.
    let covered = 0n;
    const total = BigInt(REEL_LENGTH) ** 5n;
    for (const symbol of SLOT_SYMBOLS) {
      const first = BigInt(REELS[0]!.filter((stop) => stop === symbol).length);
      const second = BigInt(REELS[1]!.filter((stop) => stop === symbol).length);
      covered += first * (BigInt(REEL_LENGTH) - second) * BigInt(REEL_LENGTH) ** 3n; // run 1
      covered +=
        first *
        second *
        (BigInt(REEL_LENGTH) - BigInt(REELS[2]!.filter((s) => s === symbol).length)) *
        BigInt(REEL_LENGTH) ** 2n;
      covered +=
        runCombinations(symbol, 3) + runCombinations(symbol, 4) + runCombinations(symbol, 5);
    }
    expect(covered).toBe(total);
  });

  it('pays more for longer runs and keeps the RTP below 100%', () => {
    const paytable = paytableFor(9600);
    for (const symbol of SLOT_SYMBOLS) {
      const [three, four, five] = paytable[symbol];
      expect(three).toBeLessThan(four);
      expect(four).toBeLessThan(five);
    }
    const { numerator, denominator } = paytableReturn(paytable);
    expect(numerator).toBeLessThan(denominator);
  });

  it('pays a line from the leftmost reel only, and flags five STARs as the jackpot', () => {
    const starAt = REELS.map((reel) => reel.indexOf('STAR'));
    // Each reel's STAR on the middle row: the stop is one above it.
    const outcome = evaluateSlot(
      starAt.map((index) => (index - 1 + REEL_LENGTH) % REEL_LENGTH),
      rules.slotPaytable,
    );
    expect(outcome.window.map((reel) => reel[1])).toEqual(Array(5).fill('STAR'));
    expect(outcome.jackpot).toBe(true);
    expect(outcome.lineWins).toContainEqual({
      line: 0,
      symbol: 'STAR',
      run: 5,
      pay: rules.slotPaytable.STAR[2],
    });
  });

  it('wins line bet times pays, in whole minor units', () => {
    const outcome = { stops: [], window: [], lineWins: [], totalPay: 37, jackpot: false };
    expect(winOf(1000n, { game: 'lanna-slot', slot: outcome }, rules)).toBe(3700n);
    expect(checkBet('lanna-slot', 105n, {})).toMatch(`multiple of ${LINE_COUNT}`);
  });
});

describe('dice', () => {
  it('returns the configured RTP in expectation for any target', () => {
    for (const target of [2, 33, 50, 95]) {
      // The expectation over all 10,000 rolls, in whole minor units of a large stake.
      const stake = 1_000_000n;
      const win = diceWin(stake, { roll: 0, target, won: true }, 9800);
      const expected = (win * BigInt(target * 100)) / 10_000n;
      expect(Number(expected)).toBeGreaterThan(979_900);
      expect(Number(expected)).toBeLessThanOrEqual(980_000);
    }
  });

  it('refuses targets outside 2 to 95', () => {
    expect(checkBet('lanna-dice', 100n, { target: 1 })).not.toBeNull();
    expect(checkBet('lanna-dice', 100n, { target: 96 })).not.toBeNull();
    expect(checkBet('lanna-dice', 100n, { target: 50 })).toBeNull();
  });
});

describe('scratch card', () => {
  it('has an RTP of exactly 95%', () => {
    expect(scratchRtpBasisPoints()).toBe(9500);
  });

  it('shows three of the drawn prize and no other prize three times', async () => {
    for (let nonce = 0; nonce < 300; nonce += 1) {
      const card = drawScratch(
        drawsFrom(await roundBytes(nodeHmac, { serverSeed: 's', clientSeed: 'c', nonce })),
      );
      expect(card.cells).toHaveLength(9);
      for (const prize of SCRATCH_PRIZES) {
        const shown = card.cells.filter((cell) => cell === prize).length;
        expect(shown).toBe(prize === card.prize ? 3 : Math.min(shown, 2));
      }
    }
  });
});

describe('outcomes', () => {
  it('do not depend on the stake: the same seeds give the same outcome', async () => {
    const seeds = { serverSeed: 'abc', clientSeed: 'def', nonce: 4 };
    const first = await outcomeOf(nodeHmac, 'lanna-slot', seeds, {}, rules);
    const second = await outcomeOf(nodeHmac, 'lanna-slot', seeds, {}, rules);
    expect(second).toEqual(first);
    expect(winOf(2000n, first, rules)).toBe(winOf(1000n, first, rules) * 2n);
  });
});
