import type { Draws } from '../fair/draws.ts';

/**
 * The 5-reel slot: 5 reels of 32 stops, 3 rows shown, 10 fixed paylines, wins for 3, 4 or 5
 * of a symbol from the leftmost reel along a line. The stake is split evenly over the lines
 * (so it must be a multiple of 10 minor units); a line pays its pay times the line bet.
 * The math is in docs/decisions/009-house-vendor.md.
 */
export const SLOT_SYMBOLS = ['SEVEN', 'BELL', 'PLUM', 'ORANGE', 'LEMON', 'CHERRY', 'STAR'] as const;
export type SlotSymbol = (typeof SLOT_SYMBOLS)[number];

export const REEL_LENGTH = 32;
export const ROWS = 3;
export const LINE_COUNT = 10;

/** Stops per symbol on every reel (32 in all): STAR, the jackpot symbol, is the rarest. */
const COUNTS: Record<SlotSymbol, number> = {
  SEVEN: 1,
  BELL: 3,
  PLUM: 4,
  ORANGE: 6,
  LEMON: 8,
  CHERRY: 9,
  STAR: 1,
};

/** Each reel holds the same counts in its own order, so a reel's row symbols differ. */
const reelOf = (order: readonly SlotSymbol[], step: number): SlotSymbol[] => {
  const stops: SlotSymbol[] = order.flatMap((symbol) =>
    Array<SlotSymbol>(COUNTS[symbol]).fill(symbol),
  );
  // Interleave by a step coprime with 32, so equal symbols do not sit in one block.
  return stops.map((_, index) => stops[(index * step) % REEL_LENGTH] as SlotSymbol);
};

export const REELS: readonly (readonly SlotSymbol[])[] = [
  reelOf(['CHERRY', 'SEVEN', 'LEMON', 'ORANGE', 'BELL', 'PLUM', 'STAR'], 5),
  reelOf(['LEMON', 'BELL', 'CHERRY', 'STAR', 'PLUM', 'SEVEN', 'ORANGE'], 7),
  reelOf(['PLUM', 'CHERRY', 'LEMON', 'SEVEN', 'ORANGE', 'STAR', 'BELL'], 9),
  reelOf(['ORANGE', 'STAR', 'LEMON', 'BELL', 'CHERRY', 'PLUM', 'SEVEN'], 11),
  reelOf(['BELL', 'PLUM', 'SEVEN', 'CHERRY', 'LEMON', 'STAR', 'ORANGE'], 13),
];

/** The row (0 top, 2 bottom) a line crosses on each reel. */
export const PAYLINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 1, 1, 0],
];

/** The shape of the paytable (line bets for 3, 4, 5 in a row); scaled to the configured RTP. */
const BASE_PAYS: Record<SlotSymbol, readonly [number, number, number]> = {
  SEVEN: [60, 150, 500],
  BELL: [20, 50, 150],
  PLUM: [10, 25, 80],
  ORANGE: [5, 12, 40],
  LEMON: [3, 8, 25],
  CHERRY: [2, 5, 15],
  STAR: [60, 150, 500],
};

export type Paytable = Record<SlotSymbol, readonly [number, number, number]>;

const TOTAL_STOPS = BigInt(REEL_LENGTH) ** 5n;

/**
 * How many of the 32^5 equally likely stop combinations put exactly `run` of `symbol` at the
 * start of a line. Every line sees one uniformly random stop per reel, so the count is the
 * same for every line: the product of the reels' symbol counts for the run, times the reels
 * that break it, times any stop on the rest.
 */
export const runCombinations = (symbol: SlotSymbol, run: 3 | 4 | 5): bigint => {
  let combinations = 1n;
  for (let reel = 0; reel < 5; reel += 1) {
    const count = BigInt(REELS[reel]?.filter((stop) => stop === symbol).length ?? 0);
    if (reel < run) combinations *= count;
    else if (reel === run) combinations *= BigInt(REEL_LENGTH) - count;
    else combinations *= BigInt(REEL_LENGTH);
  }
  return combinations;
};

/**
 * The exact return to player of a paytable: the expected pay of one line in line bets. The
 * stake is LINE_COUNT line bets over LINE_COUNT lines, so a spin's expected return is the same
 * fraction of the stake. Answered as a numerator over 32^5 for exact comparison.
 */
export const paytableReturn = (paytable: Paytable): { numerator: bigint; denominator: bigint } => {
  let numerator = 0n;
  for (const symbol of SLOT_SYMBOLS) {
    paytable[symbol].forEach((pay, index) => {
      numerator += runCombinations(symbol, (index + 3) as 3 | 4 | 5) * BigInt(pay);
    });
  }
  return { numerator, denominator: TOTAL_STOPS };
};

/** The RTP in basis points, rounded to the nearest hundredth of a point. */
export const rtpBasisPoints = (paytable: Paytable): number => {
  const { numerator, denominator } = paytableReturn(paytable);
  return Number((numerator * 1_000_000n) / denominator) / 100;
};

const withPay = (paytable: Paytable, symbol: SlotSymbol, index: number, pay: number): Paytable => {
  const pays = [...paytable[symbol]] as [number, number, number];
  pays[index] = pay;
  return { ...paytable, [symbol]: pays };
};

const scaled = (scale: number): Paytable => {
  const entries = SLOT_SYMBOLS.map((symbol) => {
    const pays = BASE_PAYS[symbol].map((pay) => Math.max(1, Math.round(pay * scale)));
    return [symbol, pays as unknown as readonly [number, number, number]] as const;
  });
  return Object.fromEntries(entries) as Paytable;
};

/**
 * The paytable whose exact RTP is closest to `targetBps`: the base shape scaled and rounded to
 * whole line bets, the scale searched on a fine grid around the ideal one. Deterministic, so
 * the vendor and the page that shows the paytable agree.
 */
export const paytableFor = (targetBps: number): Paytable => {
  const ideal = targetBps / rtpBasisPoints(scaled(1));
  let best = scaled(ideal);
  let bestGap = Math.abs(rtpBasisPoints(best) - targetBps);
  for (let step = -400; step <= 400; step += 1) {
    const candidate = scaled(ideal * (1 + step / 4000));
    const gap = Math.abs(rtpBasisPoints(candidate) - targetBps);
    if (gap < bestGap) [best, bestGap] = [candidate, gap];
  }
  // Then single pays move by one line bet while that brings the RTP closer: the rare runs
  // move it by thousandths of a point, so the gap ends far below a hundredth.
  for (let improved = true; improved;) {
    improved = false;
    for (const symbol of SLOT_SYMBOLS)
      for (let index = 0; index < 3; index += 1)
        for (const delta of [-1, 1]) {
          const pay = (best[symbol][index] ?? 0) + delta;
          if (pay < 1) continue;
          const candidate = withPay(best, symbol, index, pay);
          const ordered =
            candidate[symbol][0] < candidate[symbol][1] &&
            candidate[symbol][1] < candidate[symbol][2];
          const gap = Math.abs(rtpBasisPoints(candidate) - targetBps);
          if (ordered && gap < bestGap) [best, bestGap, improved] = [candidate, gap, true];
        }
  }
  return best;
};

export type SlotLineWin = { line: number; symbol: SlotSymbol; run: 3 | 4 | 5; pay: number };
export type SlotOutcome = {
  stops: number[];
  /** The symbols shown, by reel then row. */
  window: SlotSymbol[][];
  lineWins: SlotLineWin[];
  /** The sum of the line pays, in line bets. */
  totalPay: number;
  /** Five STARs on a line: the jackpot pool is won too. */
  jackpot: boolean;
};

export const drawSlotStops = (draws: Draws): number[] =>
  REELS.map(() => draws.uniformInt(REEL_LENGTH));

export const evaluateSlot = (stops: readonly number[], paytable: Paytable): SlotOutcome => {
  const window = REELS.map((reel, index) =>
    Array.from(
      { length: ROWS },
      (_, row) => reel[((stops[index] ?? 0) + row) % REEL_LENGTH] as SlotSymbol,
    ),
  );
  const lineWins: SlotLineWin[] = [];
  PAYLINES.forEach((rows, line) => {
    const symbols = rows.map((row, reel) => window[reel]?.[row] as SlotSymbol);
    const first = symbols[0] as SlotSymbol;
    let run = 1;
    while (run < 5 && symbols[run] === first) run += 1;
    if (run >= 3)
      lineWins.push({
        line,
        symbol: first,
        run: run as 3 | 4 | 5,
        pay: paytable[first][run - 3] ?? 0,
      });
  });
  return {
    stops: [...stops],
    window,
    lineWins,
    totalPay: lineWins.reduce((sum, win) => sum + win.pay, 0),
    jackpot: lineWins.some((win) => win.symbol === 'STAR' && win.run === 5),
  };
};

/** The win of a stake (a multiple of LINE_COUNT): line bet times the pays. */
export const slotWin = (stakeMinor: bigint, outcome: SlotOutcome): bigint =>
  (stakeMinor / BigInt(LINE_COUNT)) * BigInt(outcome.totalPay);
