import { shuffle, type Draws } from '../fair/draws.ts';

/**
 * The scratch card: nine cells; three equal prizes win that prize times the stake. One draw
 * picks the prize tier from a fixed table, further draws lay out a card that shows exactly it
 * (no other prize three times). Return to player: sum of weight x multiplier = 95%.
 */
export const SCRATCH_PRIZES = [1, 2, 5, 10, 50, 100] as const;
export type ScratchPrize = (typeof SCRATCH_PRIZES)[number];

export const SCRATCH_WEIGHT_TOTAL = 1_000_000;
/** Chances per million of each prize; the rest of the million is a card without a prize. */
export const SCRATCH_WEIGHTS: Record<ScratchPrize, number> = {
  1: 200_000,
  2: 100_000,
  5: 40_000,
  10: 15_000,
  50: 2_000,
  100: 1_000,
};

export type ScratchOutcome = { cells: ScratchPrize[]; prize: ScratchPrize | null };

export const drawScratch = (draws: Draws): ScratchOutcome => {
  let ticket = draws.uniformInt(SCRATCH_WEIGHT_TOTAL);
  let prize: ScratchPrize | null = null;
  for (const candidate of SCRATCH_PRIZES) {
    if (ticket < SCRATCH_WEIGHTS[candidate]) {
      prize = candidate;
      break;
    }
    ticket -= SCRATCH_WEIGHTS[candidate];
  }
  // Each other symbol at most twice, so only the drawn prize shows three times.
  const others = SCRATCH_PRIZES.filter((symbol) => symbol !== prize).flatMap((symbol) => [
    symbol,
    symbol,
  ]);
  const fillers = shuffle(others, draws).slice(0, prize === null ? 9 : 6);
  const cells = shuffle(prize === null ? fillers : [prize, prize, prize, ...fillers], draws);
  return { cells, prize };
};

export const scratchWin = (stakeMinor: bigint, outcome: ScratchOutcome): bigint =>
  outcome.prize === null ? 0n : stakeMinor * BigInt(outcome.prize);

/** Sum of weight x multiplier over the weight total, in basis points: 9500. */
export const scratchRtpBasisPoints = (): number =>
  (SCRATCH_PRIZES.reduce((sum, prize) => sum + SCRATCH_WEIGHTS[prize] * prize, 0) * 10_000) /
  SCRATCH_WEIGHT_TOTAL;
