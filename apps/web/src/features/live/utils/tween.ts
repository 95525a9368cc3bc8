/** Steps of progress a tween resolves: fine enough that no step is visible. */
const STEPS = 1_000_000n;

/**
 * The value `progress` (0 to 1) of the way from `from` to `to`, in integer minor units: money
 * never passes through floating point, only the fraction of the way does.
 */
export const interpolateMinor = (from: bigint, to: bigint, progress: number): bigint => {
  if (progress <= 0) return from;
  if (progress >= 1) return to;
  const step = BigInt(Math.round(progress * Number(STEPS)));
  return from + ((to - from) * step) / STEPS;
};

/** Fast at first, gentle at the end: a figure that catches up, then settles. */
export const easeOutCubic = (t: number): number => 1 - (1 - t) ** 3;

/** Steady: a figure that keeps rising at one pace until the next reading. */
export const linear = (t: number): number => t;
