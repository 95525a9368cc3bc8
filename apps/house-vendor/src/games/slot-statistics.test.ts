import { describe, expect, it } from 'vitest';
import { CHI_SQUARE_31_DF_1_PERCENT, simulateSlot } from './slot-statistics.ts';
import { paytableFor, rtpBasisPoints } from './slot.ts';

// The short version for `npm test`; `npm run bench` runs 10,000,000 spins.
const SPINS = 1_000_000;

describe('slot statistics (1,000,000 spins through the real derivation)', () => {
  it('lands every reel stop uniformly (chi-square at the 1% level) and returns the configured RTP within 0.5 points', async () => {
    const paytable = paytableFor(9600);
    const stats = await simulateSlot(paytable, SPINS);
    for (const chiSquare of stats.chiSquare)
      expect(chiSquare).toBeLessThan(CHI_SQUARE_31_DF_1_PERCENT);
    expect(Math.abs(stats.rtpBps - rtpBasisPoints(paytable))).toBeLessThan(50);
  });
});
