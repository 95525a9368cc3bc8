// A contest's decision (decision 024): the ranking orders by valid bet, then who reached it
// first; tickets are the valid bet over the ticket price, capped; the raffle draws each entry
// at most once, as often as its tickets say over many seeds, and the same seed and entries
// always give the same winners.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newCommittedSeed } from './committed-seed.ts';
import { drawRaffle, rankEntrants, ticketsOf } from './contest-results.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 11, 1, 0, minute));

describe('rankEntrants', () => {
  it('puts the most valid bet first, and of equal totals the one who reached it first', () => {
    const ranked = rankEntrants([
      { memberId: 1, validBetMinor: 500n, lastAt: at(5) },
      { memberId: 2, validBetMinor: 900n, lastAt: at(9) },
      { memberId: 3, validBetMinor: 500n, lastAt: at(2) },
      { memberId: 4, validBetMinor: 500n, lastAt: at(2) },
    ]);
    expect(ranked.map(({ memberId }) => memberId)).toEqual([2, 3, 4, 1]);
  });
});

describe('ticketsOf', () => {
  it('gives one ticket per price of valid bet, rounded down, at most the limit', () => {
    expect(ticketsOf(2_999n, { ticketMinor: 1_000n, maxTicketsPerMember: null })).toBe(2n);
    expect(ticketsOf(999n, { ticketMinor: 1_000n, maxTicketsPerMember: null })).toBe(0n);
    expect(ticketsOf(50_000n, { ticketMinor: 1_000n, maxTicketsPerMember: 10 })).toBe(10n);
  });
});

describe('drawRaffle', () => {
  it('draws distinct entries, as many as the prizes or the entries allow', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 1n, max: 1_000n }), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 50 }),
        (tickets, prizes) => {
          const seed = newCommittedSeed();
          const winners = drawRaffle(seed, tickets, prizes);
          expect(winners).toHaveLength(Math.min(prizes, tickets.length));
          expect(new Set(winners).size).toBe(winners.length);
          for (const winner of winners) expect(tickets[winner]).toBeDefined();
          expect(drawRaffle(seed, tickets, prizes)).toEqual(winners);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('gives the first prize to each entry as often as its share of the tickets', () => {
    const tickets = [1n, 3n, 6n];
    const wins = [0, 0, 0];
    const draws = 6_000;
    for (let draw = 0; draw < draws; draw += 1) {
      const first = drawRaffle(newCommittedSeed(), tickets, 1)[0] ?? -1;
      wins[first] = (wins[first] ?? 0) + 1;
    }
    // 10%, 30% and 60% of the draws, each within five standard deviations.
    for (const [index, share] of [0.1, 0.3, 0.6].entries()) {
      const sd = Math.sqrt(draws * share * (1 - share));
      expect(Math.abs((wins[index] ?? 0) - draws * share)).toBeLessThan(5 * sd);
    }
  });

  it('draws from the seed: another seed, other winners', () => {
    const tickets = Array.from({ length: 200 }, () => 5n);
    const seed = 'cd'.repeat(32);
    const winners = drawRaffle(seed, tickets, 10);
    expect(drawRaffle('ef'.repeat(32), tickets, 10)).not.toEqual(winners);
  });
});
