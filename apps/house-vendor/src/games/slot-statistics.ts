import { drawsFrom, roundBytes } from '../fair/draws.ts';
import { nodeHmac } from '../fair/seeds.ts';
import { drawSlotStops, evaluateSlot, LINE_COUNT, REEL_LENGTH, type Paytable } from './slot.ts';

/** Chi-square critical value for 31 degrees of freedom (32 stops) at the 1% level. */
export const CHI_SQUARE_31_DF_1_PERCENT = 52.191;

export type SlotStatistics = {
  spins: number;
  /** Per reel: the chi-square statistic of its stop counts against the uniform distribution. */
  chiSquare: number[];
  /** Returned over staked, in basis points. */
  rtpBps: number;
  /** The standard error of that RTP estimate, in basis points. */
  standardErrorBps: number;
};

/**
 * Plays `spins` slot rounds through the real derivation (HMAC of fixed seeds, one nonce per
 * spin, the vendor's mapping to stops) and measures the stops and the return: the statistical
 * check of issue 5 (a short run in `npm test`, the long one in `npm run bench`).
 */
export const simulateSlot = async (
  paytable: Paytable,
  spins: number,
  seeds = { serverSeed: 'statistics-server-seed', clientSeed: 'statistics-client-seed' },
): Promise<SlotStatistics> => {
  const counts = Array.from({ length: 5 }, () => new Array<number>(REEL_LENGTH).fill(0));
  let returned = 0;
  let squares = 0;
  for (let nonce = 0; nonce < spins; nonce += 1) {
    const stops = drawSlotStops(drawsFrom(await roundBytes(nodeHmac, { ...seeds, nonce }, 1)));
    stops.forEach((stop, reel) => {
      const reelCounts = counts[reel] as number[];
      reelCounts[stop] = (reelCounts[stop] ?? 0) + 1;
    });
    // Pays are in line bets; a spin stakes LINE_COUNT of them.
    const spinReturn = evaluateSlot(stops, paytable).totalPay / LINE_COUNT;
    returned += spinReturn;
    squares += spinReturn * spinReturn;
  }
  const expected = spins / REEL_LENGTH;
  const mean = returned / spins;
  return {
    spins,
    chiSquare: counts.map((reel) =>
      reel.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0),
    ),
    rtpBps: mean * 10_000,
    standardErrorBps: (Math.sqrt(squares / spins - mean * mean) / Math.sqrt(spins)) * 10_000,
  };
};
